/** Text helpers shared by the filter engine and the store. */

// Letters that Unicode does not decompose into base letter + mark, folded by hand.
const EXTRA_FOLDS: Readonly<Record<string, string>> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
};
const EXTRA_FOLD_RE = new RegExp(`[${Object.keys(EXTRA_FOLDS).join('')}]`, 'g');
const MARKS_RE = /\p{M}/gu;

/** Lower-cases and strips accents, so `Łukasz Müller` and `lukasz muller` compare equal. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(MARKS_RE, '')
    .toLowerCase()
    .replace(EXTRA_FOLD_RE, (ch) => EXTRA_FOLDS[ch]!);
}

/** Canonical UUID syntax (any version), case-insensitive, as accepted in paths, filters and bodies. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A deliberately loose e-mail check: something@something, no spaces. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
