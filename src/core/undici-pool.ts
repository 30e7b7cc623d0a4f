/**
 * An undici Pool to one origin, for the requests node:http cannot send as they are (multipart
 * bodies built as undici FormData); loaded only when one is sent.
 */
import { type Dispatcher, Pool } from 'undici';

export function createUndiciPool(origin: string, connections: number): Dispatcher {
  return new Pool(origin, { connections });
}
