/**
 * The graphemes of a text (a letter and its accents, a flag, a family emoji), read lazily.
 * One segmenter, made on first use: making one loads ICU's break rules, about 12 ms that a
 * command printing only ASCII (most one-shot commands) should not pay at start-up.
 */
let segmenter: Intl.Segmenter | undefined;

export function* graphemes(text: string): Generator<string> {
  segmenter ??= new Intl.Segmenter();
  for (const { segment } of segmenter.segment(text)) yield segment;
}
