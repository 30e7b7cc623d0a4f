/**
 * WinAnsiEncoding (PDF 32000-1, annex D), the encoding of text drawn with the
 * standard fonts. Node's TextDecoder reads `windows-1252` as Latin-1, so the
 * 0x80-0x9F block is mapped here.
 */
const HIGH: Readonly<Record<number, number>> = {
  128: 0x20ac,
  130: 0x201a,
  131: 0x0192,
  132: 0x201e,
  133: 0x2026,
  134: 0x2020,
  135: 0x2021,
  136: 0x02c6,
  137: 0x2030,
  138: 0x0160,
  139: 0x2039,
  140: 0x0152,
  142: 0x017d,
  145: 0x2018,
  146: 0x2019,
  147: 0x201c,
  148: 0x201d,
  149: 0x2022,
  150: 0x2013,
  151: 0x2014,
  152: 0x02dc,
  153: 0x2122,
  154: 0x0161,
  155: 0x203a,
  156: 0x0153,
  158: 0x017e,
  159: 0x0178,
};

/** The text of WinAnsi-encoded bytes; codes with no character become U+FFFD. */
export function decodeWinAnsi(bytes: ArrayLike<number>): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) {
    const code = bytes[i]!;
    const mapped = code >= 0x80 && code <= 0x9f ? HIGH[code] : code;
    text += String.fromCodePoint(mapped ?? 0xfffd);
  }
  return text;
}
