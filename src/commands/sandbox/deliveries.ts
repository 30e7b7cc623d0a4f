/**
 * `wfd sandbox deliveries [--follow] [--form ID]`: the running sandbox's webhook deliveries
 * (`/_sandbox/deliveries`) with their outcome and attempts; followed, a delivery is printed again
 * at each change (an attempt, its outcome).
 */
import type * as z from 'zod/mini';
import { readDeliveries } from '../../api/sandbox.js';
import { verbSchema } from '../../cli/flag-schema.js';
import { defineVerb } from '../../cli/verb.js';
import type { Context } from '../../context.js';
import { assertUuid } from '../../core/list-query/values.js';
import { DELIVERY_COLUMNS, DELIVERY_FIELDS, DELIVERY_TABLE_COLUMNS } from '../../resources/sandbox-feeds.js';
import { renderOptions } from '../shared/output.js';
import { printFeed } from './feed.js';
import { DELIVERIES } from './flags.js';

export const DeliveriesSandboxOptions = verbSchema(DELIVERIES);
export type DeliveriesSandboxOptions = z.output<typeof DeliveriesSandboxOptions>;

export async function runDeliveriesSandbox(options: DeliveriesSandboxOptions, ctx: Context): Promise<void> {
  const formId = options.form === undefined ? undefined : assertUuid(options.form, 'form id');
  await printFeed(ctx, {
    follow: options.follow === true,
    // No title line: the table's nouns are regular plurals, and "delivery" is not one.
    render: renderOptions(ctx, { columns: DELIVERY_COLUMNS, tableColumns: DELIVERY_TABLE_COLUMNS }),
    read: (position) => readDeliveries({ ...position, ...(formId ? { formId } : {}) }),
    entriesOf: (page) => page.deliveries,
    cursorOf: (page) => page.cursor,
    keep: () => true,
  });
}

export const verb = defineVerb(DELIVERIES, DeliveriesSandboxOptions, runDeliveriesSandbox, {
  fields: DELIVERY_FIELDS,
});
