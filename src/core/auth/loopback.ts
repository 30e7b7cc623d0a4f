/**
 * The OAuth loopback listener (RFC 8252 7.3): an HTTPS server on 127.0.0.1 only, at the port and
 * path of the redirect URI, that takes one callback and closes. Other paths get a 404 (the
 * browser's favicon request among them), and a callback without this login's `state` or without
 * a code a 400: neither ends the wait, so no other local process can cancel a login by calling
 * first. The time-out, Ctrl-C (the abort signal) and every failure close the listener, so none
 * is ever left behind.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { AuthError, CancelledError } from '../errors.js';
import { formatDuration } from '../text/duration.js';
import { codeFromRedirect, LOOPBACK_HOST, strayRedirect } from './authorization.js';

export interface LoopbackOptions {
  /** `https://127.0.0.1[:port]/path`, checked by `redirectUriProblem`; no port (or 0): any free one */
  redirectUri: string;
  tls: { key: string; cert: string };
}

export interface WaitOptions {
  /** the `state` of the authorize URL: a callback with another one is refused */
  state: string;
  timeoutMs: number;
  /** aborted on Ctrl-C */
  signal?: AbortSignal;
  /** told why a request to the redirect URI was refused while the wait goes on */
  onStray?: (reason: string) => void;
}

export interface Loopback {
  /** the redirect URI, with the port the listener got */
  readonly redirectUri: string;
  /**
   * Starts waiting for the callback (call it before showing the authorize URL): resolves with
   * the authorization code, rejects on a refusal (an `error=` with this login's state), the
   * time-out or the abort; a stray callback (see `strayRedirect`) is answered 400 and ignored.
   * The listener is closed when it settles.
   */
  waitForCode(options: WaitOptions): Promise<string>;
  /** Closes the listener and its connections, ending a wait under way (idempotent). */
  close(): Promise<void>;
}

/** Listens on 127.0.0.1; a port in use (or not allowed) is an AuthError (exit 3). */
export async function listenForRedirect(options: LoopbackOptions): Promise<Loopback> {
  const target = new URL(options.redirectUri);
  let onCallback: ((params: URLSearchParams) => { status: number; html: string }) | undefined;
  let abandon: (() => void) | undefined;

  const server = createServer({ key: options.tls.key, cert: options.tls.cert }, (request, response) => {
    const url = new URL(request.url ?? '/', `https://${LOOPBACK_HOST}`);
    // Until a login waits (and after it got its callback) there is nothing here to answer.
    if (url.pathname !== target.pathname || !onCallback) return sendPage(response, 404, NOT_FOUND);
    if (request.method !== 'GET')
      return sendPage(response, 405, page('Method not allowed', '<p>Use GET.</p>'));
    const answer = onCallback(url.searchParams);
    sendPage(response, answer.status, answer.html);
  });
  const closed = closer(server);

  await listen(server, Number(target.port || 0));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : Number(target.port);
  const withPort = new URL(options.redirectUri);
  withPort.port = String(port);

  return {
    redirectUri: withPort.toString(),
    close() {
      abandon?.();
      return closed();
    },
    waitForCode({ state, timeoutMs, signal, onStray }) {
      return new Promise<string>((resolve, reject) => {
        let settled = false;
        const settle = (outcome: { code: string } | { error: Error }) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          onCallback = undefined;
          abandon = undefined;
          // The page is on its way (or nobody came): only then does the listener go.
          void closed().then(() => ('code' in outcome ? resolve(outcome.code) : reject(outcome.error)));
        };
        const timer = setTimeout(
          () =>
            settle({
              error: new AuthError(
                `no answer from the browser within ${formatDuration(timeoutMs)}: the login timed out`,
                {
                  hint: 'run the login again (--timeout sets the wait), or use --manual when the browser runs on another machine',
                },
              ),
            }),
          timeoutMs,
        );
        const onAbort = () => settle({ error: new CancelledError('login cancelled: nothing was saved') });
        abandon = () => settle({ error: new CancelledError('the login stopped waiting for the browser') });
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        onCallback = (params) => {
          const stray = strayRedirect(params, state);
          if (stray) {
            onStray?.(stray);
            return { status: 400, html: STRAY_PAGE };
          }
          try {
            settle({ code: codeFromRedirect(params, state) });
            return { status: 200, html: SUCCESS_PAGE };
          } catch (error) {
            settle({ error: error as Error });
            return { status: 400, html: failurePage((error as Error).message) };
          }
        };
      });
    },
  };
}

async function listen(server: Server, port: number): Promise<void> {
  server.listen({ host: LOOPBACK_HOST, port, exclusive: true });
  try {
    await once(server, 'listening');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const where = `${LOOPBACK_HOST}:${port}`;
    if (code === 'EADDRINUSE') {
      throw new AuthError(`cannot listen on ${where} for the OAuth redirect: the port is in use`, {
        hint: 'free the port, or pass a --redirect-uri without a port to take any free one',
      });
    }
    if (code === 'EACCES') {
      throw new AuthError(
        `cannot listen on ${where} for the OAuth redirect: not allowed to use port ${port}`,
        {
          hint: 'use a port above 1023 in --redirect-uri, or leave the port out',
        },
      );
    }
    throw error;
  }
}

/** Closes the server once, ending idle keep-alive connections (a browser keeps them open). */
function closer(server: Server): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeIdleConnections();
      // A connection still sending its request would hold the close; nothing it says matters now.
      setTimeout(() => server.closeAllConnections(), 1_000).unref();
    });
    return closing;
  };
}

function sendPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    connection: 'close',
  });
  response.end(html);
}

const NOT_FOUND = page('Not found', '<p>Nothing here.</p>');
const SUCCESS_PAGE = page(
  'wfd received the authorization',
  '<p>You can close this tab and return to the terminal.</p>',
);

const STRAY_PAGE = page(
  'This does not answer the sign-in wfd is waiting for',
  '<p>The address lacks the code or the state of the sign-in under way. wfd goes on waiting: finish the sign-in from the URL it printed.</p>',
);

function failurePage(message: string): string {
  return page(
    'wfd could not sign you in',
    `<p>${escapeHtml(message)}</p><p>You can close this tab and return to the terminal.</p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem}</style></head>
<body><main><h1>${title}</h1>${body}</main></body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
