/**
 * The TLS certificate of `wfd sandbox start --tls`: a certificate for the sandbox's names, made
 * at each start and never stored, signed by a local CA that wfd makes on first use and keeps in
 * the config folder (its key 0600, as every file there), as mkcert keeps its root: one
 * `NODE_EXTRA_CA_CERTS=<config>/sandbox-ca.pem` then trusts every TLS sandbox of this user.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { describeFsError, prepareConfigDir } from '../../core/auth/config-file.js';
import { readStateFile, writeStateFile } from '../../core/files/state-file.js';

export const SANDBOX_CA_FILE = 'sandbox-ca.pem';
const SANDBOX_CA_KEY_FILE = 'sandbox-ca-key.pem';

export interface SandboxCertificate {
  key: string;
  cert: string;
  /** the CA certificate's file, for NODE_EXTRA_CA_CERTS */
  caPath: string;
  /** the names the certificate holds */
  names: string[];
}

const DAY_MS = 86_400_000;
/** The CA's life; it is replaced once it has less than a certificate's life left. */
const CA_DAYS = 3650;
/** A server certificate's life, the longest browsers accept. */
const CERT_DAYS = 397;

/** The names every TLS sandbox answers by: the loopback names. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/** A certificate for the loopback names and `names`, signed by the CA kept in `dir` (made when missing). */
export async function sandboxCertificate(
  dir: string,
  names: readonly string[],
  now: Date,
): Promise<SandboxCertificate> {
  const ca = await sandboxCa(dir, now);
  const all = [...new Set([...LOOPBACK_NAMES, ...names.map((name) => name.toLowerCase())])];
  const { generate } = await import('selfsigned');
  const made = await generate(
    [{ name: 'commonName', value: all.find((name) => isIP(name) === 0) ?? all[0]! }],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - DAY_MS),
      notAfterDate: new Date(now.getTime() + CERT_DAYS * DAY_MS),
      ca,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, critical: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: all.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })),
        },
      ],
    },
  );
  return { key: made.private, cert: made.cert, caPath: join(dir, SANDBOX_CA_FILE), names: all };
}

/** The CA kept in `dir`, made (or made again, when unreadable or near its end) if needed. */
async function sandboxCa(dir: string, now: Date): Promise<{ key: string; cert: string }> {
  const certPath = join(dir, SANDBOX_CA_FILE);
  const keyPath = join(dir, SANDBOX_CA_KEY_FILE);
  const kept = readKept(certPath, keyPath, now);
  if (kept) return kept;
  const { generate } = await import('selfsigned');
  const made = await generate([{ name: 'commonName', value: 'wfd sandbox local CA' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY_MS),
    notAfterDate: new Date(now.getTime() + CA_DAYS * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  await prepareConfigDir(dir);
  for (const [path, pem] of [
    [keyPath, made.private],
    [certPath, made.cert],
  ] as const) {
    try {
      await writeStateFile(path, pem.endsWith('\n') ? pem : `${pem}\n`);
    } catch (error) {
      throw describeFsError(error, path, 'write');
    }
  }
  return { key: made.private, cert: made.cert };
}

function readKept(certPath: string, keyPath: string, now: Date): { key: string; cert: string } | undefined {
  let cert: string | undefined;
  let key: string | undefined;
  try {
    cert = readStateFile(certPath);
    key = readStateFile(keyPath);
  } catch (error) {
    throw describeFsError(error, cert === undefined ? certPath : keyPath, 'read');
  }
  if (!cert || !key) return undefined;
  try {
    const x509 = new X509Certificate(cert);
    if (!x509.ca || !x509.checkPrivateKey(createPrivateKey(key))) return undefined;
    if (Date.parse(x509.validTo) - now.getTime() < CERT_DAYS * DAY_MS) return undefined;
    return { key, cert };
  } catch {
    return undefined;
  }
}
