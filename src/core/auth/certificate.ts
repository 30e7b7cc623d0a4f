/**
 * The TLS certificate of the OAuth loopback listener. The spec requires `https://` redirect
 * URIs, and no public authority signs 127.0.0.1, so wfd makes a self-signed certificate on first
 * use and keeps it (key included, mode 0600) in the config folder. The browser warns about it;
 * the SHA-256 fingerprint wfd prints lets the user check that the page is wfd's own.
 */
import { X509Certificate } from 'node:crypto';
import { join } from 'node:path';
import { readStateFile, writeStateFile } from '../files/state-file.js';
import { describeFsError, prepareConfigDir } from './config-file.js';
import { LOOPBACK_CERT_FILE } from './config-paths.js';

export interface LoopbackCertificate {
  key: string;
  cert: string;
  /** SHA-256 fingerprint, colon-separated hex pairs, as browsers show it */
  fingerprint: string;
}

/** Validity of a new certificate; it is replaced once it has less than a day left. */
const VALID_DAYS = 397;
const DAY_MS = 86_400_000;

/** The certificate kept in `dir`, made (or remade, when expiring or unreadable) if needed. */
export async function loopbackCertificate(dir: string, now: Date): Promise<LoopbackCertificate> {
  const path = join(dir, LOOPBACK_CERT_FILE);
  const kept = await readKept(path, now);
  if (kept) return kept;
  const made = await makeCertificate(now);
  await prepareConfigDir(dir);
  try {
    await writeStateFile(path, `${made.key}${made.cert}`);
  } catch (error) {
    throw describeFsError(error, path, 'write');
  }
  return made;
}

async function readKept(path: string, now: Date): Promise<LoopbackCertificate | undefined> {
  let pem: string | undefined;
  try {
    pem = readStateFile(path);
  } catch (error) {
    throw describeFsError(error, path, 'read');
  }
  if (pem === undefined) return undefined;
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\r?\n?/.exec(pem)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\r?\n?/.exec(pem)?.[0];
  if (!key || !cert) return undefined;
  try {
    const x509 = new X509Certificate(cert);
    if (Date.parse(x509.validTo) - now.getTime() < DAY_MS) return undefined;
    return { key, cert, fingerprint: x509.fingerprint256 };
  } catch {
    return undefined;
  }
}

async function makeCertificate(now: Date): Promise<LoopbackCertificate> {
  const { generate } = await import('selfsigned');
  const made = await generate([{ name: 'commonName', value: 'wfd OAuth loopback (127.0.0.1)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY_MS),
    notAfterDate: new Date(now.getTime() + VALID_DAYS * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return {
    key: made.private.endsWith('\n') ? made.private : `${made.private}\n`,
    cert: made.cert.endsWith('\n') ? made.cert : `${made.cert}\n`,
    fingerprint: new X509Certificate(made.cert).fingerprint256,
  };
}
