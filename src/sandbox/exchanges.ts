/**
 * What the console shows of a `/v1` request beyond its log entry: the headers and bodies of the
 * request and of its answer, kept for the last requests within a budget, by the number of the
 * request's log entry, from the moment the console is first opened (`watch`): until then no
 * request pays for keeping them (kept, they cost every request some GC work). A request keeps
 * references only (its headers, its parsed body, the answer as serialized): the views are made,
 * cut and masked when an exchange is read. Masked: the bearer token (its first 8 characters kept, as
 * the log keeps them), cookies, and JSON fields named like a token, a secret or a password.
 */
/** Headers as Node and fastify hand them: names in lower case. */
type Headers = Readonly<Record<string, string | number | readonly string[] | undefined>>;

/** A body as the console shows it: its text (the first `MAX_BODY_CHARS`), or null for bytes. */
export interface BodyView {
  readonly content_type: string | null;
  /** Its size in bytes (the Content-Length), when known. */
  readonly bytes: number | null;
  /** Null for a body that is not text (a file). */
  readonly text: string | null;
  /** Whether `text` is the start of a longer body. */
  readonly truncated: boolean;
}

export interface ExchangeView {
  readonly request: { readonly headers: Record<string, string>; readonly body: BodyView | null };
  readonly response: { readonly headers: Record<string, string>; readonly body: BodyView | null };
}

/** What a request leaves: references, no copies. */
export interface Exchange {
  readonly requestHeaders: Headers;
  /** The parsed JSON body; undefined without one (or a streamed upload). */
  readonly requestBody: unknown;
  readonly responseHeaders: Headers;
  /** The answer as fastify serialized it (a string or a Buffer); undefined for a stream (a file). */
  readonly payload: unknown;
}

/** A body's text is shown up to this many characters. */
export const MAX_BODY_CHARS = 64 * 1024;
const TEXT_TYPE_RE = /^(?:application\/(?:[\w.+-]*\+)?json|text\/)/i;

export class Exchanges {
  readonly #bySeq = new Map<number, { exchange: Exchange; size: number }>();
  #size = 0;
  #watching = false;

  /** At most `maxEntries` exchanges, and as many of the latest as `maxSize` of bodies (characters or bytes) allow. */
  constructor(
    private readonly maxEntries = 1000,
    private readonly maxSize = 32 * 1024 * 1024,
  ) {}

  /** Whether exchanges are kept: the console was opened. */
  get watching(): boolean {
    return this.#watching;
  }

  /** Keeps the exchanges of the requests from now on. */
  watch(): void {
    this.#watching = true;
  }

  add(seq: number, exchange: Exchange): void {
    const size = sizeOf(exchange.payload) + (Number(exchange.requestHeaders['content-length']) || 0);
    this.#bySeq.set(seq, { exchange, size });
    this.#size += size;
    // Maps iterate in insertion order: the oldest go first.
    for (const [oldest, kept] of this.#bySeq) {
      if (this.#bySeq.size <= this.maxEntries && this.#size <= this.maxSize) break;
      this.#bySeq.delete(oldest);
      this.#size -= kept.size;
    }
  }

  /** The exchange of the request numbered `seq`, secrets masked; undefined once it is no longer kept. */
  get(seq: number): ExchangeView | undefined {
    const kept = this.#bySeq.get(seq)?.exchange;
    if (!kept) return undefined;
    const requestBody =
      kept.requestBody === undefined ? undefined : JSON.stringify(kept.requestBody, maskSecretFields);
    return {
      request: {
        headers: maskHeaders(headerTexts(kept.requestHeaders)),
        body: bodyView(kept.requestHeaders, requestBody),
      },
      response: {
        headers: headerTexts(kept.responseHeaders),
        body: bodyView(kept.responseHeaders, kept.payload),
      },
    };
  }
}

function sizeOf(payload: unknown): number {
  return typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.length : 0;
}

/** Header values as text, names in lower case. */
function headerTexts(headers: Headers): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined)
      texts[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return texts;
}

/** A body as sent: its start when it is text, else only its type and size; null for none. */
function bodyView(headers: Headers, payload: unknown): BodyView | null {
  const contentType = headers['content-type'] === undefined ? null : String(headers['content-type']);
  const length = headers['content-length'] === undefined ? null : Number(headers['content-length']);
  let text: string | null = null;
  if (typeof payload === 'string') text = payload;
  else if (Buffer.isBuffer(payload) && contentType !== null && TEXT_TYPE_RE.test(contentType))
    text = payload.toString('utf8', 0, MAX_BODY_CHARS * 4);
  if (text === null && contentType === null && !length) return null;
  return {
    content_type: contentType,
    bytes: length ?? (text === null ? null : Buffer.byteLength(text)),
    text: text === null ? null : maskSecretText(text.slice(0, MAX_BODY_CHARS)),
    truncated: text !== null && text.length > MAX_BODY_CHARS,
  };
}

const SECRET_NAME_RE = /token|secret|password/i;
const SECRET_FIELD_RE = /("[^"]*(?:token|secret|password)[^"]*"\s*:\s*")([^"\\]{0,8})(?:[^"\\]|\\.)*"/gi;

/** JSON.stringify's replacer: a string field named like a secret keeps its first 8 characters. */
function maskSecretFields(key: string, value: unknown): unknown {
  return typeof value === 'string' && SECRET_NAME_RE.test(key) ? `${value.slice(0, 8)}…` : value;
}

/** The same in JSON text (an answer, or a body cut short). */
function maskSecretText(text: string): string {
  return text.replace(SECRET_FIELD_RE, '$1$2…"');
}

function maskHeaders(headers: Record<string, string>): Record<string, string> {
  const masked = { ...headers };
  if (masked.authorization !== undefined) masked.authorization = maskCredentials(masked.authorization);
  if (masked.cookie !== undefined) masked.cookie = '…';
  return masked;
}

/** `Bearer wfd_1a2b3c…` → `Bearer wfd_1a2b…`: the scheme and the token's first 8 characters. */
function maskCredentials(value: string): string {
  const [scheme, credentials = ''] = value.split(' ', 2);
  return credentials === '' ? '…' : `${scheme} ${credentials.slice(0, 8)}…`;
}
