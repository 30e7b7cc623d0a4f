/**
 * The command lines the sandbox console shows: curl and `wfd api` lines that send a logged
 * request again (the token never in them), and the `wfd <noun> list` line of a filter typed
 * on the page, read by the same code as the command line's `--where`.
 */
import { describe, expect, it } from 'vitest';
import { listRequest, PAGE_SIZE } from '../../src/console/data-query.js';
import { curlLine, type LoggedExchange, wfdLine } from '../../src/console/request-lines.js';
import { UsageError } from '../../src/core/errors.js';
import { CASES, FORM_TEMPLATES } from '../../src/resources/index.js';

const ORIGIN = 'http://127.0.0.1:4010';
const GET: LoggedExchange = {
  method: 'GET',
  url: '/v1/cases?page%5Bsize%5D=2&status=new',
  contentType: null,
  bodyText: null,
  authorized: true,
  binaryBody: false,
};
const POST: LoggedExchange = {
  method: 'POST',
  url: '/v1/cases',
  contentType: 'application/json',
  bodyText: `{"title":"Bob's case","template":{"id":"t1"}}`,
  authorized: true,
  binaryBody: false,
};

describe('the lines that send a request again', () => {
  it('a GET: the URL quoted for the shell, the token from WFD_TOKEN', () => {
    expect(curlLine(GET, ORIGIN)).toBe(
      `curl 'http://127.0.0.1:4010/v1/cases?page%5Bsize%5D=2&status=new' -H "Authorization: Bearer $WFD_TOKEN"`,
    );
    expect(wfdLine(GET, ORIGIN)).toBe(
      `wfd --base-url http://127.0.0.1:4010 api GET '/v1/cases?page%5Bsize%5D=2&status=new'`,
    );
  });

  it('a JSON body: as curl data, and on the standard input of wfd api; quotes in it survive the shell', () => {
    const quoted = `'{"title":"Bob'\\''s case","template":{"id":"t1"}}'`;
    expect(curlLine(POST, ORIGIN)).toBe(
      `curl -X POST http://127.0.0.1:4010/v1/cases -H "Authorization: Bearer $WFD_TOKEN" -H 'Content-Type: application/json' --data-raw ${quoted}`,
    );
    expect(wfdLine(POST, ORIGIN)).toBe(
      `printf '%s' ${quoted} | wfd --base-url http://127.0.0.1:4010 api POST /v1/cases --input -`,
    );
  });

  it('a request without a token sends none; a file body is left to the reader; HEAD is -I', () => {
    expect(curlLine({ ...GET, authorized: false }, ORIGIN)).not.toContain('Authorization');
    const upload = {
      ...POST,
      url: '/v1/attachments',
      contentType: 'multipart/form-data; boundary=x',
      bodyText: null,
      binaryBody: true,
    };
    expect(curlLine(upload, ORIGIN)).toMatch(/ --data-binary @FILE$/);
    expect(curlLine({ ...GET, method: 'HEAD' }, ORIGIN)).toMatch(/^curl -I /);
  });
});

describe('a filter typed on the Data page', () => {
  it('becomes the list request and the wfd line of the same --where clauses and sort', () => {
    const { path, line } = listRequest(CASES, {
      where: ['status = new', '', "contact.family_name ilike %o'b%"],
      sort: '-created_at',
      page: 2,
    });
    expect(line).toBe(
      `wfd cases list --where 'status = new' --where 'contact.family_name ilike %o'\\''b%' --sort -created_at`,
    );
    const query = new URLSearchParams(path.slice(path.indexOf('?')));
    expect(path.startsWith('/cases?')).toBe(true);
    expect(JSON.parse(query.get('filter')!)).toEqual({
      attributes: { status: { $eq: 'new' } },
      relationships: { contact: { attributes: { family_name: { $ilike: "%o'b%" } } } },
    });
    expect(query.get('sort')).toBe('-created_at');
    expect(query.get('page[number]')).toBe('2');
    expect(query.get('page[size]')).toBe(String(PAGE_SIZE));
  });

  it('is refused with the message the command line gives', () => {
    expect(() => listRequest(CASES, { where: ['colour = red'], sort: '', page: 1 })).toThrow(UsageError);
    expect(() => listRequest(CASES, { where: [], sort: 'colour', page: 1 })).toThrow(
      /invalid --sort "colour"/,
    );
    expect(() => listRequest(FORM_TEMPLATES, { where: ['title = x'], sort: '', page: 1 })).toThrow(/--where/);
  });

  it('with no clause, names the plain list command', () => {
    expect(listRequest(FORM_TEMPLATES, { where: [''], sort: '', page: 1 }).line).toBe(
      'wfd form-templates list',
    );
  });
});
