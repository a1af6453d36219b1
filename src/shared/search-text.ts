/**
 * The words of a search and where they stand in a text: shared by the server's answers, the
 * offline search and the tests. Every function here runs in time linear in its input; nothing
 * builds a regular expression from what a reader typed.
 */

/** A search is 1..200 characters once trimmed (docs/decisions/015-search.md). */
export const SEARCH_QUERY_MAX = 200;
/** Results in each group of an answer. */
export const SEARCH_RESULTS_MAX = 20;
/** Words of a search that count; the rest are ignored. */
export const SEARCH_TERMS_MAX = 12;
/** A snippet's length in characters, before its ellipses. */
export const SNIPPET_LENGTH = 160;

const wordChar = /[\p{L}\p{N}]/u;
const combiningMark = /\p{M}/gu;

/** Lower case without accents: "Aša" and "asa" are one word. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(combiningMark, '').toLowerCase();
}

// Longest first, so "fulness" goes before "ness" and "s".
const suffixes = [
  'fulness',
  'ations',
  'ation',
  'ness',
  'ment',
  'fully',
  'ings',
  'ing',
  'ful',
  'edly',
  'ies',
  'ed',
  'es',
  'ly',
  's',
];

/**
 * A rough English stem, enough to find "truth" in "truthful" and "truths" when the databases'
 * own stemmers matched them. It only ever cuts an ending, keeping at least three letters.
 */
export function wordStem(word: string): string {
  const folded = foldWord(word);
  for (const suffix of suffixes) {
    if (folded.length - suffix.length >= 3 && folded.endsWith(suffix)) {
      return suffix === 'ies' ? `${folded.slice(0, -3)}y` : folded.slice(0, -suffix.length);
    }
  }
  return folded;
}

export interface WordSpan {
  start: number;
  end: number;
}

/** Every run of letters and digits in `text`, in order. */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one character: test both halves together.
    const isPair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const char = isPair ? text.slice(i, i + 2) : text[i]!;
    if (wordChar.test(char)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      spans.push({ start, end: i });
      start = -1;
    }
    if (isPair) i++;
  }
  if (start >= 0) spans.push({ start, end: text.length });
  return spans;
}

/** The words of a search, folded, each once, at most SEARCH_TERMS_MAX of them. */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  for (const span of wordSpans(query)) {
    const term = foldWord(query.slice(span.start, span.end));
    if (!terms.includes(term)) terms.push(term);
    if (terms.length === SEARCH_TERMS_MAX) break;
  }
  return terms;
}

export interface Snippet {
  snippet: string;
  /** [start, end) character ranges in `snippet` of the words that matched. */
  highlights: [number, number][];
}

/** One space for every run of white space, none at the ends. */
function collapseSpaces(text: string): string {
  let out = '';
  let space = false;
  for (const char of text) {
    if (char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\u00a0') {
      space = out.length > 0;
    } else {
      if (space) out += ' ';
      out += char;
      space = false;
    }
  }
  return out;
}

/** The words of `spans` in `text` that match a term (see snippetOf). */
function matchingWords(text: string, spans: WordSpan[], terms: readonly string[]): WordSpan[] {
  const stems = new Set(terms.map(wordStem));
  return spans.filter((span) => {
    const word = text.slice(span.start, span.end);
    const folded = foldWord(word);
    return (
      stems.has(wordStem(word)) ||
      terms.some((term) => term.length >= 3 && folded.startsWith(term)) ||
      terms.includes(folded)
    );
  });
}

/**
 * A window of `text` of about `length` characters around the first word of the search, with
 * the ranges of every matching word inside it. A word matches a term when they are the same
 * word without accents, share a stem, or the word begins with the term (a number or a word
 * being typed). Without a match, the window is the text's beginning.
 */
export function snippetOf(
  text: string,
  terms: readonly string[],
  length = SNIPPET_LENGTH,
): Snippet {
  const plain = collapseSpaces(text);
  const spans = wordSpans(plain);
  const matches = matchingWords(plain, spans, terms);
  const first = matches[0];
  let start = 0;
  if (first && first.end > length) {
    // Some words before the match give it its context; the window starts at a word.
    start = Math.max(0, first.start - Math.floor(length / 4));
    const startWord = spans.find((span) => span.start >= start);
    if (startWord) start = startWord.start;
  }
  let end = Math.min(plain.length, start + length);
  if (end < plain.length) {
    const lastSpace = plain.lastIndexOf(' ', end);
    if (lastSpace > start + length / 2) end = lastSpace;
  }
  const prefix = start > 0 ? '…' : '';
  const suffix = end < plain.length ? '…' : '';
  const highlights = matches
    .filter((span) => span.start >= start && span.end <= end)
    .map((span): [number, number] => [
      span.start - start + prefix.length,
      span.end - start + prefix.length,
    ]);
  return { snippet: `${prefix}${plain.slice(start, end).trimEnd()}${suffix}`, highlights };
}
