import type { ReaderPageData } from './reader-page-data.js';

/**
 * A reader's daily page is the page every reader of that day, zone and pace shares, rendered
 * once, with the few parts that are the reader's own put in its marked places
 * (docs/decisions/005): the initials on the account badge, the progress line under the
 * reading, and their account details in the page's data block.
 */
export const READER_PARTS = ['initials', 'progress', 'me'] as const;
export type ReaderPart = (typeof READER_PARTS)[number];

/** Each part's markup (or, for `me`, the data block's JSON), ready to go in its place. */
export type ReaderParts = Record<ReaderPart, string>;

/** What every reader of a day, zone and pace is shown alike. */
export type SharedReaderPageData = Omit<ReaderPageData, 'me'> & {
  pace: ReaderPageData['me']['pace'];
};

// Private-use characters: no content or markup holds them, and HTML and JSON leave them as they are.
const OPEN = '\uE000';
const CLOSE = '\uE001';

/** Where a reader's part goes in the shared page. */
export function readerPartMark(part: ReaderPart): string {
  return `${OPEN}${part}${CLOSE}`;
}

/** The shared page cut at its marks: `texts` has one more item than `parts`, around them. */
export interface ReaderPageCuts {
  texts: string[];
  parts: ReaderPart[];
}

export function cutAtReaderParts(page: string): ReaderPageCuts {
  const pieces = page.split(new RegExp(`${OPEN}(${READER_PARTS.join('|')})${CLOSE}`));
  const texts: string[] = [];
  const parts: ReaderPart[] = [];
  pieces.forEach((piece, index) => {
    if (index % 2 === 0) texts.push(piece);
    else parts.push(piece as ReaderPart);
  });
  if (texts.some((text) => text.includes(OPEN))) throw new Error('the page has a mark of no part');
  return { texts, parts };
}

/** The reader's page: the shared page with each of their parts in its place. */
export function withReaderParts(cuts: ReaderPageCuts, parts: ReaderParts): string {
  return cuts.texts.reduce((page, text, index) => {
    const part = cuts.parts[index - 1];
    return page + (part ? parts[part] : '') + text;
  }, '');
}
