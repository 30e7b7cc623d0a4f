/**
 * Ids sent in one query parameter (`GET /v1/attachments?ids=a,b,...`) in as few requests as the
 * URL allows: the API names no limit on the ids, but servers and proxies refuse long URLs.
 */

/**
 * `ids` in order, in consecutive batches as large as `fits` allows (it says whether a batch's URL
 * is short enough); an id that does not fit even alone is a batch of its own, for the server to judge.
 */
export function batchIds(ids: readonly string[], fits: (batch: readonly string[]) => boolean): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  for (const id of ids) {
    if (batch.length > 0 && !fits([...batch, id])) {
      batches.push(batch);
      batch = [];
    }
    batch.push(id);
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
