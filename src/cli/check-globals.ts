/** Checks of global option values that commander's parsers cannot make on their own. */

import { parseRateLimits } from '../core/budget/rules.js';
import { UsageError } from '../core/errors.js';
import { parseBaseUrl } from '../core/http/base-url.js';
import { quote } from '../core/text/quote.js';
import type { GlobalOptions } from '../global-options.js';

/** Throws UsageError (exit 2) for an empty --profile, a malformed --base-url or --request-rate. */
export function checkGlobals(globals: GlobalOptions): void {
  if (globals.profile !== undefined && globals.profile.trim() === '')
    throw new UsageError('--profile needs a profile name', { hint: 'list them with `wfd auth profiles`' });
  if (globals.baseUrl !== undefined) parseBaseUrl(globals.baseUrl);
  if (globals.requestRate !== undefined) {
    try {
      parseRateLimits(globals.requestRate);
    } catch (error) {
      throw new UsageError(
        `invalid --request-rate ${quote(globals.requestRate)}: ${(error as Error).message}`,
      );
    }
  }
}
