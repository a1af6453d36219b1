import type { ReaderPageData } from '#shared/reader-page-data';
import { readerCurrentDay } from '#shared/reading-pace';

/**
 * The answers of a reader's page (the text of its data block), when the page can be hydrated as
 * it is: it shows this reader's today, by their pace. A page rendered for another zone whose date differs here
 * is rendered afresh instead, and so is one whose data cannot be read.
 */
export function hydratableReaderPage(
  blockText: string | null | undefined,
  browserZone: string,
  now: Date,
): ReaderPageData | null {
  if (!blockText) return null;
  let data: Partial<ReaderPageData> | null;
  try {
    data = JSON.parse(blockText) as Partial<ReaderPageData> | null;
  } catch {
    return null;
  }
  if (!data?.me || !data.today?.dayNumber || typeof data.timeZone !== 'string') return null;
  // The reader's own day here: their own path's when they walk one (docs/decisions/017).
  if (
    data.timeZone !== browserZone &&
    readerCurrentDay(data.me, now, browserZone) !== data.today.dayNumber
  )
    return null;
  return data as ReaderPageData;
}
