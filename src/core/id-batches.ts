/**
 * Ids sent in one query parameter (`GET /v1/attachments?ids=a,b,...`) in as few requests as the
 * URL allows: the API names no limit on the ids, but servers and proxies refuse long URLs.
 */

/** How long a batch's text may be, and how long its parts are. */
export interface BatchRoom {
  /** characters a batch's text may take */
  room: number;
  /** characters one id takes (URL-encoded, as it is sent) */
  length: (id: string) => number;
  /** characters between two ids */
  separator: number;
}

/**
 * `ids` in order, in consecutive batches as large as `room` allows; an id that does not fit even
 * alone is a batch of its own, for the server to judge. One pass: each id is measured once, so
 * the work grows with the ids, not with the ids times the batch size.
 */
export function batchIds(ids: readonly string[], { room, length, separator }: BatchRoom): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let used = 0;
  for (const id of ids) {
    const size = length(id);
    if (batch.length > 0 && used + separator + size > room) {
      batches.push(batch);
      batch = [];
      used = 0;
    }
    used += batch.length > 0 ? separator + size : size;
    batch.push(id);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
