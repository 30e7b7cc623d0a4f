/**
 * Whether a bulk answer shows a record that was already in the state asked for: the time it
 * reached that state (`changed`, from the answer) is before `sentOnServer`, the time the request
 * was sent on the server's clock. The caller errs early on that clock (the Date header is cut to
 * the second), so a change the request made is never taken for an old one; a timestamp in whole
 * seconds is compared at whole seconds for the same reason. No readable time: not already.
 */
export function changedBefore(changed: unknown, sentOnServer: number): boolean {
  if (typeof changed !== 'string') return false;
  const at = Date.parse(changed);
  if (Number.isNaN(at)) return false;
  const wholeSeconds = !/T\d{2}:\d{2}:\d{2}\.\d/.test(changed);
  const bound = wholeSeconds ? Math.floor(sentOnServer / 1000) * 1000 : Math.floor(sentOnServer);
  return at < bound;
}
