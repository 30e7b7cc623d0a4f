/**
 * How a text file is laid out as PDF pages, for the merged PDF and for the
 * page count document intelligence reports: lines wrapped at 88 columns
 * (Courier 9 pt within A4 margins), 64 lines a page, at least one page.
 */
export const TEXT_COLUMNS = 88;
export const LINES_PER_PAGE = 64;

/** The pages of a text, each a list of lines. Tabs become four spaces. */
export function textPages(text: string): string[][] {
  const lines = text.replace(/\t/g, '    ').split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  const wrapped = lines.flatMap((line) => {
    const chars = Array.from(line);
    if (chars.length <= TEXT_COLUMNS) return [line];
    const parts: string[] = [];
    for (let i = 0; i < chars.length; i += TEXT_COLUMNS)
      parts.push(chars.slice(i, i + TEXT_COLUMNS).join(''));
    return parts;
  });
  const pages: string[][] = [];
  for (let i = 0; i < wrapped.length; i += LINES_PER_PAGE) pages.push(wrapped.slice(i, i + LINES_PER_PAGE));
  return pages;
}
