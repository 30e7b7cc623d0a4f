/**
 * Steps 1 and 2 of the login: send the user to the authorize URL and get the authorization code
 * back, through the HTTPS loopback listener or, with --manual, from the URL the user pastes.
 * Everything that touches the outside is injected (browser, paste, certificate, randomness,
 * lines for the user), so tests drive it end to end in-process.
 */

import { formatDuration } from '../text/duration.js';
import {
  authorizationRequest,
  codeFromRedirect,
  LOOPBACK_HOST,
  pastedRedirectParams,
  type RandomBytes,
} from './authorization.js';
import type { LoopbackCertificate } from './certificate.js';
import { listenForRedirect } from './loopback.js';

/** With no --redirect-uri: any free port (the sandbox, like RFC 8252 7.3, accepts any). */
const DEFAULT_REDIRECT_URI = `https://${LOOPBACK_HOST}/callback`;

export interface AuthorizationCodeOptions {
  authorizationEndpoint: string;
  clientId: string;
  scope: string;
  /** --redirect-uri, checked by `redirectUriProblem` */
  redirectUri?: string;
  /** --manual: no listener; the user pastes the URL the browser landed on */
  manual: boolean;
  /** bounds the wait for the loopback callback */
  timeoutMs: number;
  /** aborted on Ctrl-C */
  signal?: AbortSignal;
  /** the loopback's certificate (made on first use) */
  certificate(): Promise<LoopbackCertificate>;
  /** opens a URL in the browser; absent with --no-browser */
  openBrowser?: (url: string) => Promise<void>;
  /** --manual: the text the user pasted */
  readPastedUrl(): Promise<string>;
  /** a line for the user (stderr) */
  say(line: string): void;
  random?: RandomBytes;
}

export interface AuthorizationCode {
  code: string;
  /** the redirect URI sent in step 1, which the token request must repeat */
  redirectUri: string;
  codeVerifier: string;
}

export function obtainAuthorizationCode(options: AuthorizationCodeOptions): Promise<AuthorizationCode> {
  return options.manual ? pastedCode(options) : loopbackCode(options);
}

async function loopbackCode(options: AuthorizationCodeOptions): Promise<AuthorizationCode> {
  const certificate = await options.certificate();
  const loopback = await listenForRedirect({
    redirectUri: options.redirectUri ?? DEFAULT_REDIRECT_URI,
    tls: certificate,
  });
  try {
    const request = authorizationRequest({ ...options, redirectUri: loopback.redirectUri });
    // Waiting starts before the URL is shown, so no callback can come before it.
    const waiting = loopback.waitForCode({
      state: request.state,
      timeoutMs: options.timeoutMs,
      onStray: (reason) =>
        options.say(`Refused a request to ${loopback.redirectUri} (${reason}); still waiting...`),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    // Awaited below; if showing the URL fails first, `close` ends the wait and nobody listens.
    waiting.catch(() => {});
    await showUrl(options, request.url);
    const origin = new URL(loopback.redirectUri).origin;
    // One sentence a call: the terminal's wrapping (io.errorLine) breaks it at its width.
    options.say(
      `The browser will warn that the certificate of ${origin} is not trusted: wfd made it on this machine. Check that the fingerprint it shows is this one before you continue:`,
    );
    options.say(`  SHA-256 ${certificate.fingerprint}`);
    options.say(`Waiting for the browser (up to ${formatDuration(options.timeoutMs)}; Ctrl-C to cancel)...`);
    return { code: await waiting, redirectUri: loopback.redirectUri, codeVerifier: request.codeVerifier };
  } finally {
    await loopback.close();
  }
}

async function pastedCode(options: AuthorizationCodeOptions): Promise<AuthorizationCode> {
  const redirectUri = options.redirectUri ?? DEFAULT_REDIRECT_URI;
  const request = authorizationRequest({ ...options, redirectUri });
  await showUrl(options, request.url);
  options.say(
    `After you approve, the browser goes to ${redirectUri}?code=... and shows an error page: nothing listens there. Copy the whole address from the address bar and paste it here.`,
  );
  const params = pastedRedirectParams(await options.readPastedUrl());
  return { code: codeFromRedirect(params, request.state), redirectUri, codeVerifier: request.codeVerifier };
}

/** Prints the authorize URL, and opens it unless --no-browser (a failure to open is only said). */
async function showUrl(options: AuthorizationCodeOptions, url: string): Promise<void> {
  if (!options.openBrowser) {
    options.say('Open this URL in a browser to sign in and approve access:');
    options.say(`  ${url}`);
    return;
  }
  options.say('Opening the browser to sign in and approve access; if it does not open, use this URL:');
  options.say(`  ${url}`);
  try {
    await options.openBrowser(url);
  } catch (error) {
    options.say(`Could not open a browser (${(error as Error).message}): open the URL above yourself.`);
  }
}
