/**
 * A TLS handshake that refused the server's certificate (self-signed, expired, another host's, an
 * unknown issuer): no request reached the server, so it is a network failure (exit 8), with what
 * OpenSSL said and what to check.
 */
import { NetworkError } from '../errors.js';

/** The OpenSSL verification codes (Node's `error.code`) and Node's own host check. */
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|HOSTNAME_MISMATCH/;

/** The NetworkError of a certificate refused in `error` (or its causes); undefined otherwise. */
export function certificateFailure(error: unknown, origin: string): NetworkError | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code !== 'string' || !CERTIFICATE_CODE.test(code)) continue;
    // OpenSSL's reason, without the advice Node 24 adds about its own flags (`; if the root CA
    // is installed locally, try running Node.js with --use-system-ca`): the hint says what to do.
    const reason = e.message.split('; ')[0];
    return new NetworkError(`cannot connect to ${origin}: its TLS certificate was refused (${reason})`, {
      hint: 'check the base URL; for a server with a certificate of your own CA, give Node the CA: NODE_EXTRA_CA_CERTS=/path/to/ca.pem',
      cause: error,
      requestSent: false,
    });
  }
  return undefined;
}
