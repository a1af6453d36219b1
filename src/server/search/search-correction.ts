/**
 * Typo correction for a search that found nothing: each word not among the readings' words is
 * replaced by the nearest one within a small edit distance (docs/decisions/015-search.md).
 */

/** The most edits a word may be from its correction: one for short words, two for longer. */
export function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length <= 5 ? 1 : 2;
}

/**
 * Edit distance (insertions, deletions, substitutions and swaps of two neighbours) between `a`
 * and `b`, or `limit + 1` as soon as it must be larger than `limit`. Words are short, so the
 * table is small; a row whose best cell passes the limit ends the work early.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let cell = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        cell = Math.min(cell, twoBack[j - 2]! + 1);
      }
      current.push(cell);
      best = Math.min(best, cell);
    }
    if (best > limit) return limit + 1;
    twoBack = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The word of `vocabulary` (word → how often it occurs) nearest to `term`: the fewest edits,
 * then the more frequent word. `term` itself when it is a known word, has digits or is too
 * short to correct; null when nothing is near enough.
 */
export function nearestWord(term: string, vocabulary: ReadonlyMap<string, number>): string | null {
  if (vocabulary.has(term) || /\d/.test(term)) return term;
  const limit = allowedEdits(term);
  if (limit === 0) return null;
  let best: string | null = null;
  let bestDistance = limit + 1;
  let bestCount = 0;
  for (const [word, count] of vocabulary) {
    const distance = editDistance(term, word, Math.min(limit, bestDistance));
    if (distance < bestDistance || (distance === bestDistance && count > bestCount)) {
      if (distance > limit) continue;
      best = word;
      bestDistance = distance;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The search with each unknown word corrected, or null when nothing was changed or some
 * word has no correction near enough.
 */
export function correctedTerms(
  terms: readonly string[],
  vocabulary: ReadonlyMap<string, number>,
): string[] | null {
  const corrected: string[] = [];
  for (const term of terms) {
    const word = nearestWord(term, vocabulary);
    if (word === null) return null;
    corrected.push(word);
  }
  return corrected.some((word, i) => word !== terms[i]) ? corrected : null;
}
