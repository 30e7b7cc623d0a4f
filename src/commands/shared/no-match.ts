/**
 * When a list or count matched nothing, what in its flags may be why, as `hint:` lines on
 * stderr (stdout and the exit code stay those of an empty result): a value that belongs to
 * another flag (`--status closed`, a parent status), or a filter that matches no record at all
 * on its own (`--owner nobody`, asked with one count request).
 */
import { countRequest } from '../../api/list.js';
import type { Context } from '../../context.js';
import type { ApiClient } from '../../core/http/http.js';
import { buildListQuery } from '../../core/list-query/build.js';
import { flagKey } from '../../core/text/flag-key.js';
import { quote } from '../../core/text/quote.js';
import type { ResourceDef } from '../../resources/types.js';

/** The singular of a resource's plural noun: `case templates` -> `case template`. */
function singular(noun: string): string {
  return noun.replace(/s$/, '');
}

/** Whether no record of `resource` matches the filter `flag` = `value` alone (one count request). */
export async function matchesNone(
  client: ApiClient,
  resource: ResourceDef,
  flag: string,
  value: string,
  now: Date,
): Promise<boolean> {
  const query = buildListQuery(resource, { flags: { [flagKey(flag)]: value }, now });
  return (await client.request(countRequest(resource, query))) === 0;
}

/** Prints the hints for `flags` of a list or count of `resource` that matched nothing. */
export async function explainNoMatch(
  ctx: Context,
  resource: ResourceDef,
  flags: Readonly<Record<string, unknown>>,
): Promise<void> {
  for (const filter of resource.filters) {
    const value = flags[flagKey(filter.flag)];
    if (typeof value !== 'string') continue;
    if (filter.valuesOf?.values.includes(value)) {
      const other = filter.valuesOf.flag;
      ctx.io.errorLine(
        `hint: ${quote(value)} is a --${other} value; --${filter.flag} takes a ${filter.help}: try \`--${other} ${value}\``,
      );
    }
    if (!filter.probeAlone) continue;
    try {
      if (await matchesNone(await ctx.api(), resource, filter.flag, value, ctx.now()))
        ctx.io.errorLine(
          `hint: no ${singular(resource.noun)} has ${filter.probeAlone} matching ${quote(value)}`,
        );
    } catch {
      // The hint is a courtesy: an answer that fails leaves the empty result as it is.
    }
  }
}
