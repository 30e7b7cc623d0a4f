/**
 * The command lines that send a logged request again: curl's, and `wfd api`'s. The token is
 * never in them: both read it from the environment (WFD_TOKEN), so a line can be copied into
 * a shell history or a ticket.
 */
import { shellWord } from '../core/text/shell-word.js';

/** What the lines are made of: the request as the sandbox logged it. */
export interface LoggedExchange {
  readonly method: string;
  /** The path and query string as sent: `/v1/cases?status=new`. */
  readonly url: string;
  /** The request's Content-Type, if any. */
  readonly contentType: string | null;
  /** The body as text (JSON), or null when there was none, or it was not text (a file). */
  readonly bodyText: string | null;
  /** Whether the request carried a bearer token. */
  readonly authorized: boolean;
  /** Whether it carried a body that is not text (multipart files): the lines cannot hold it. */
  readonly binaryBody: boolean;
}

/** `curl ...`, sending the request to the sandbox at `origin` (`http://127.0.0.1:4010`). */
export function curlLine(request: LoggedExchange, origin: string): string {
  const words = ['curl'];
  if (request.method === 'HEAD') words.push('-I');
  else if (request.method !== 'GET' || request.bodyText !== null) words.push('-X', request.method);
  words.push(shellWord(`${origin}${request.url}`));
  // Double quotes: the shell puts the token in.
  if (request.authorized) words.push('-H', '"Authorization: Bearer $WFD_TOKEN"');
  if (request.contentType !== null) words.push('-H', shellWord(`Content-Type: ${request.contentType}`));
  if (request.bodyText !== null) words.push('--data-raw', shellWord(request.bodyText));
  else if (request.binaryBody) words.push('--data-binary', '@FILE');
  return words.join(' ');
}

/** `wfd api ...`: the body, if any, on its standard input. */
export function wfdLine(request: LoggedExchange, origin: string): string {
  const words = ['wfd', '--base-url', shellWord(origin), 'api', request.method, shellWord(request.url)];
  if (request.bodyText === null) return words.join(' ');
  return `printf '%s' ${shellWord(request.bodyText)} | ${[...words, '--input', '-'].join(' ')}`;
}
