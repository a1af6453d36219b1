import { stemmer } from 'stemmer';
import { foldWord, SEARCH_TERMS_MAX, wordSpans } from '#shared/search-text';

/**
 * Which of a person's entries hold a search, found in this process rather than in a full-text
 * index (docs/decisions/029-journal-search-without-an-index.md). Words are compared as SQLite's
 * `porter unicode61 remove_diacritics 2` tokenizer compared them: letters and digits, folded
 * to lower case without accents, then Porter's stem. Every step is linear in the text.
 */

/** Words longer than this are compared whole, as the database tokenizer left them. */
const STEMMED_LENGTH_MAX = 64;

/** A search's parts, each the stems of one space-separated part's words, in order. */
export type SearchPhrases = readonly (readonly string[])[];

/** The stem of a word already folded (foldWord). */
const stemOfFolded = (folded: string) =>
  folded.length > STEMMED_LENGTH_MAX ? folded : stemmer(folded);

/** The stem a word is compared by. */
export function searchStem(word: string): string {
  return stemOfFolded(foldWord(word));
}

/**
 * The phrases of a search (from `phrasesOf`) as stems: at most SEARCH_TERMS_MAX words count in
 * all, so a phrase is never compared at more than that many places per word of a text.
 */
export function searchPhrases(phrases: readonly string[]): SearchPhrases {
  const stems: string[][] = [];
  let words = 0;
  for (const phrase of phrases) {
    const parts = phrase
      .split(' ')
      .filter(Boolean)
      .slice(0, SEARCH_TERMS_MAX - words);
    if (parts.length === 0) break;
    stems.push(parts.map(searchStem));
    words += parts.length;
  }
  return stems;
}

/**
 * Counts a search's phrases in texts: 0 for a text that lacks one of them, else how many times
 * they occur in it, to rank by. Stems are worked out once per distinct word, and only for
 * words that begin as a searched word does (a stem never changes a word's first letter).
 */
export function phraseCounter(phrases: SearchPhrases): (text: string) => number {
  const firstLetters = new Set(phrases.flatMap((phrase) => phrase.map((stem) => stem[0])));
  const stems = new Map<string, string>();
  const stemOf = (folded: string) => {
    if (!firstLetters.has(folded[0])) return '';
    let stem = stems.get(folded);
    if (stem === undefined) {
      stem = stemOfFolded(folded);
      stems.set(folded, stem);
    }
    return stem;
  };
  return (text) => {
    if (phrases.length === 0) return 0;
    const words = wordSpans(text).map((span) => stemOf(foldWord(text.slice(span.start, span.end))));
    let total = 0;
    for (const phrase of phrases) {
      let found = 0;
      for (let at = 0; at + phrase.length <= words.length; at++) {
        let i = 0;
        while (i < phrase.length && words[at + i] === phrase[i]) i++;
        if (i === phrase.length) found++;
      }
      if (found === 0) return 0;
      total += found;
    }
    return total;
  };
}
