/**
 * A TLS handshake that refused the server's certificate (self-signed, expired, another host's, an
 * unknown issuer): no request reached the server, so it is a network failure (exit 8), with what
 * OpenSSL said, the issuer that could not be verified, and how to trust an organisation's CA.
 */
import type { TLSSocket } from 'node:tls';
import { NetworkError } from '../errors.js';
import { quote } from '../text/quote.js';

/** The OpenSSL verification codes (Node's `error.code`) and Node's own host check. */
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH/;

/** How Node is told to trust an organisation's CA, for the hint of a refused certificate. */
const TRUST_HINT =
  "if you trust that issuer (your organisation's CA, say), give Node its certificate: NODE_EXTRA_CA_CERTS=/path/to/ca.pem, or NODE_USE_SYSTEM_CA=1 where it is in the system store (Node 22.19, 24.6 and later); `wfd doctor` shows which are in effect";

/** True for an error (or a cause of it) that says the server's certificate was refused. */
export function isCertificateError(error: unknown): boolean {
  return certificateCause(error) !== undefined;
}

function certificateCause(error: unknown): (Error & { issuer?: string }) | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && CERTIFICATE_CODE.test(code)) return e;
  }
  return undefined;
}

/** The NetworkError of a certificate refused in `error` (or its causes); undefined otherwise. */
export function certificateFailure(error: unknown, origin: string): NetworkError | undefined {
  const refused = certificateCause(error);
  if (!refused) return undefined;
  // OpenSSL's reason, without the advice Node 24 adds about its own flags (`; if the root CA
  // is installed locally, try running Node.js with --use-system-ca`): the hint says what to do.
  const reason = refused.message.split('; ')[0];
  const issuer = refused.issuer ?? findIssuer(error);
  return new NetworkError(
    `cannot connect to ${origin}: its TLS certificate was refused (${reason})${issuer ? `; issued by ${issuer}` : ''}`,
    {
      hint: `check the base URL; ${TRUST_HINT}`,
      cause: error,
      requestSent: false,
    },
  );
}

function findIssuer(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const { issuer } = e as { issuer?: unknown };
    if (typeof issuer === 'string') return issuer;
  }
  return undefined;
}

/**
 * The issuer at the top of the chain a server presented, which is the one a refused chain could
 * not be verified up to: `"Acme Inspecting CA" (Acme)`. Read when the handshake is done, before
 * Node judges the chain and closes the socket (its certificates are gone after that).
 */
export function topIssuer(socket: TLSSocket): string | undefined {
  let cert = socket.getPeerCertificate(true);
  if (!cert?.issuer) return undefined;
  while (cert.issuerCertificate && cert.issuerCertificate !== cert && cert.issuerCertificate.issuer)
    cert = cert.issuerCertificate;
  const { CN, O } = cert.issuer as { CN?: string | string[]; O?: string | string[] };
  const name = [CN].flat()[0];
  const organisation = [O].flat()[0];
  if (!name && !organisation) return undefined;
  // The server's text: quoted, its control characters escaped.
  return name ? `${quote(name)}${organisation ? ` (${quote(organisation)})` : ''}` : quote(organisation!);
}
