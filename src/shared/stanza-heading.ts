import type { GathaInfo } from './thought-types.js';

/** Days 2 and 3 are the short prayers, titled by name (docs/product.md#the-daily-header). */
const PRAYER_TITLES: Readonly<Record<number, string>> = { 2: 'Ashem Vohu', 3: 'Yatha Ahu' };

type HeadingInfo = Pick<
  GathaInfo,
  'songNumber' | 'songTitle' | 'stanzaNumber' | 'startDay' | 'endDay'
>;

/**
 * Where a day's reading stands in the Yasna, as a reader cites it: "Yasna 34.1". A stanza read
 * over several days names its part ("Yasna 53.1 (part 2 of 3)"); a day with no stanza of its
 * own is the chapter's introduction, or on day 1 the opening of the Gathas.
 */
export function stanzaReference(day: number, info: HeadingInfo): string {
  if (info.stanzaNumber <= 0) {
    return `Yasna ${info.songNumber} (${day === 1 ? 'opening' : 'introduction'})`;
  }
  const reference = `Yasna ${info.songNumber}.${info.stanzaNumber}`;
  const parts = info.endDay - info.startDay + 1;
  if (parts <= 1 || day < info.startDay || day > info.endDay) return reference;
  return `${reference} (part ${day - info.startDay + 1} of ${parts})`;
}

/**
 * The daily screen's heading: the reference and the Gatha it belongs to, or the prayer's own
 * name ("Yasna 34.1 • Ahunavaiti", "Yasna 27.14 • Ashem Vohu").
 */
export function stanzaHeading(day: number, info: HeadingInfo): string {
  return `${stanzaReference(day, info)} \u2022 ${PRAYER_TITLES[day] ?? info.songTitle}`;
}

/** The stanza's first line with words in it, as the list of saved stanzas shows it. */
export function firstLineOf(stanza: string): string {
  for (const line of stanza.split('\n')) {
    const trimmed = line.trim();
    if (trimmed) return trimmed;
  }
  return '';
}
