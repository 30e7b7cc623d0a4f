/** Page sizes: the spec's `page[size]` ("Limits": default 10, maximum 100) and wfd's default rows. */

/** The `page[size]` the API uses when a request sends none; `--page` without `--page-size` asks for it. */
export const DEFAULT_PAGE_SIZE = 10;

/** The largest `page[size]`: what `--all` and `api --paginate` ask for; `--limit N` asks for N up to it (as gh does). */
export const MAX_PAGE_SIZE = 100;

/** The rows `list` prints without `--limit` or `--all` (as gh's lists, a screenful). */
export const DEFAULT_LIMIT = 30;
