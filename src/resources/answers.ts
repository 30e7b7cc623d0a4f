/** The shapes every endpoint shares: the paginated envelope, counts, the three error bodies. */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging.js';
import { array, either, integer, literal, map, named, object, type Shape, scalar, string } from './schema.js';

/** The largest page number: beyond it a number is no longer exact in JSON. */
export const MAX_PAGE_NUMBER = Number.MAX_SAFE_INTEGER;

export const PageMeta = named(
  'PageMeta',
  object(
    {
      total_count: integer({ minimum: 0, description: 'results matching the filters' }),
      total_pages: integer({ minimum: 0, description: 'pages available' }),
      page_size: integer({ minimum: 1, maximum: MAX_PAGE_SIZE, description: 'results per page' }),
      current_page: integer({ minimum: 1, maximum: MAX_PAGE_NUMBER, description: 'current page number' }),
    },
    { required: ['total_count', 'total_pages', 'page_size', 'current_page'] },
  ),
);

/** A page of records. */
export const envelope = <T>(item: Shape<T>) =>
  object({ meta: PageMeta, data: array(item) }, { required: ['meta', 'data'] });

/** `page[number]` and `page[size]`. */
export const PAGE_PARAMETERS = {
  'page[number]': integer({
    minimum: 1,
    maximum: MAX_PAGE_NUMBER,
    default: 1,
    description: 'page number, starting at 1',
  }),
  'page[size]': integer({
    minimum: 1,
    maximum: MAX_PAGE_SIZE,
    default: DEFAULT_PAGE_SIZE,
    description: 'results per page',
  }),
} as const;

export const Count = named(
  'Count',
  object(
    {
      count: integer({ minimum: 0 }),
      groups: array(
        map(string(), scalar(), {
          description: "a group: the value of each field group_by names, and the group's `count`",
        }),
      ),
    },
    {
      required: ['count'],
      description:
        'A count. Its body and its grouping are not shown in the contract; the sandbox answers {count}, and with group_by also {groups: [{<field>: value, ..., count}]}.',
      'x-not-shown': true,
    },
  ),
);

/** The `type` of an error about a record the request names that does not exist: no fault of its form. */
export const NOT_FOUND_TYPE = 'not_found';

export const StandardError = named(
  'StandardError',
  object(
    {
      statusCode: integer({ description: 'the HTTP status' }),
      error: string({ description: 'official status name' }),
      message: string({ description: 'human-readable, may change' }),
      errors: array(
        object(
          {
            message: string(),
            path: array(either(string(), integer())),
            type: string({
              description: `what is wrong; \`${NOT_FOUND_TYPE}\` when the request names a record that does not exist (a template, a form template, an attachment), which its form cannot show`,
            }),
          },
          { required: ['message', 'path', 'type'] },
        ),
        { description: 'only for 400 validation errors' },
      ),
    },
    { required: ['statusCode', 'error', 'message'], description: 'Error body shape 1, the standard one.' },
  ),
);

export const ErrorList = named(
  'ErrorList',
  object(
    {
      errors: array(
        object(
          { status: string(), title: string(), detail: string() },
          { required: ['status', 'title', 'detail'] },
        ),
        { minItems: 1 },
      ),
    },
    {
      required: ['errors'],
      description: 'Error body shape 2, the error list (an invalid filter, archiving a template).',
    },
  ),
);

export const RateLimitError = named(
  'RateLimitError',
  object(
    {
      statusCode: literal(429),
      error: literal('Too Many Requests'),
      message: string(),
      retryAfter: integer({ minimum: 0, description: 'seconds; 60 in the documented case' }),
    },
    {
      required: ['statusCode', 'error', 'message', 'retryAfter'],
      description: 'Error body shape 3, the rate limit.',
    },
  ),
);

export const OAuthError = named(
  'OAuthError',
  object(
    {
      statusCode: integer(),
      error: string({ description: 'the status name, as on every endpoint' }),
      message: string(),
      error_description: string({
        description: 'the message again, as OAuth libraries show it (RFC 6749 5.2)',
      }),
    },
    {
      required: ['statusCode', 'error', 'message', 'error_description'],
      description: 'An OAuth error; the contract gives only its statuses.',
    },
  ),
);
