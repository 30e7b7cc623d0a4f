/** Counts for people: thousands separators and plurals. */

/** A count with thousands separators: `1,234`. */
export function count(n: number): string {
  // Not toLocaleString: its first call loads ICU's number formatting, some 15 ms.
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `1 form`, `1,234 forms`. */
export function plural(n: number, noun: string): string {
  return `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
}
