/**
 * "Did you mean" for `wfd help <word>`, by commander's rule for unknown commands, so both
 * suggest alike: the candidates at the smallest edit distance (at most 3), among those sharing
 * more than 40% of their length with the word. Commander does not export its own.
 */

const MAX_DISTANCE = 3;
const MIN_SIMILARITY = 0.4;

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** The candidates closest to `word`, sorted; empty when none is close. */
export function suggestSimilar(word: string, candidates: readonly string[]): string[] {
  let best = MAX_DISTANCE;
  let similar: string[] = [];
  for (const candidate of new Set(candidates)) {
    if (candidate.length <= 1) continue;
    const distance = editDistance(word, candidate);
    const length = Math.max(word.length, candidate.length);
    if ((length - distance) / length <= MIN_SIMILARITY) continue;
    if (distance < best) {
      best = distance;
      similar = [candidate];
    } else if (distance === best) similar.push(candidate);
  }
  return similar.sort((a, b) => a.localeCompare(b));
}
