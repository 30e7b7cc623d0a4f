/**
 * Signatures (spec: "GET /signatures/{id}: signature metadata or the signed file"). How the file
 * is asked for is not shown: wfd sends `Accept: application/pdf`, then `?download=true` when
 * JSON came back, so either kind of server answers with the file.
 */
import type { ApiRequest } from '../core/http/request.js';
import { once } from '../core/once.js';
import { Signature, single } from './schemas.js';

const signaturePath = (id: string) => `/signatures/${encodeURIComponent(id)}`;
const SingleSignature = once(() => single(Signature()));

/** GET /v1/signatures/{id}: the signature's metadata. */
export function getSignature(id: string): ApiRequest<Signature> {
  return { method: 'GET', path: signaturePath(id), schema: SingleSignature };
}

/** GET /v1/signatures/{id} asking for the signed PDF; `fallback` adds `?download=true`. */
export function downloadSignature(id: string, fallback = false): Omit<ApiRequest, 'schema'> {
  return {
    method: 'GET',
    path: signaturePath(id),
    ...(fallback ? { query: [['download', 'true']] as const } : {}),
    headers: { accept: 'application/pdf' },
  };
}
