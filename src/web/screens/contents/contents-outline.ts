import { GATHAS, TOTAL_DAYS } from '#shared/constants';
import { stanzaReference } from '#shared/stanza-heading';
import type { GathaInfo } from '#shared/thought-types';

export interface OutlineDay {
  day: number;
  /** "Yasna 34.1", or null when the content pack has no stanza info for the day. */
  reference: string | null;
  /** A prayer's own name ("Ashem Vohu") when the day is not one of its Gatha's stanzas. */
  title: string | null;
}

export interface OutlineChapter {
  /** The Yasna chapter. */
  songNumber: number;
  description: string;
  days: OutlineDay[];
}

export interface OutlineGatha {
  name: string;
  songs: readonly number[];
  startDay: number;
  endDay: number;
  chapters: OutlineChapter[];
}

/** The row that covers each day: where rows overlap, the later one, as the daily header reads. */
function infoByDay(rows: readonly GathaInfo[]): Map<number, GathaInfo> {
  const byDay = new Map<number, GathaInfo>();
  for (const row of [...rows].sort((a, b) => a.startDay - b.startDay || b.id - a.id)) {
    for (let day = Math.max(row.startDay, 1); day <= Math.min(row.endDay, TOTAL_DAYS); day++) {
      byDay.set(day, row);
    }
  }
  return byDay;
}

/**
 * One Gatha's days under its Yasna chapters. A day that is not a stanza of the Gatha's own
 * chapters (the short prayers of Yasna 27 and 54, or a day the pack has no info for) stands
 * under the chapter it is read beside: the one before it, or at the Gatha's start the first.
 */
function chaptersOf(
  gatha: (typeof GATHAS)[number],
  byDay: Map<number, GathaInfo>,
): OutlineChapter[] {
  const songs: readonly number[] = gatha.songs;
  const days = Array.from({ length: gatha.endDay - gatha.startDay + 1 }, (_, index) => {
    const day = gatha.startDay + index;
    const info = byDay.get(day);
    return { day, info, song: info && songs.includes(info.songNumber) ? info.songNumber : null };
  });
  let song = days.find((entry) => entry.song !== null)?.song ?? songs[0] ?? 0;
  const chapters: OutlineChapter[] = [];
  for (const { day, info, song: own } of days) {
    song = own ?? song;
    let chapter = chapters.at(-1);
    if (chapter?.songNumber !== song) {
      chapter = { songNumber: song, description: '', days: [] };
      chapters.push(chapter);
    }
    if (own !== null && !chapter.description && info) chapter.description = info.description;
    chapter.days.push({
      day,
      reference: info ? stanzaReference(day, info) : null,
      title: info && info.songTitle !== gatha.name ? info.songTitle : null,
    });
  }
  return chapters;
}

/**
 * The table of contents: all 241 days, grouped by Gatha (the day ranges of
 * docs/product.md#the-five-gathas) and, within each, by Yasna chapter, from the stanza info
 * of every day.
 */
export function contentsOutline(rows: readonly GathaInfo[]): OutlineGatha[] {
  const byDay = infoByDay(rows);
  return GATHAS.map((gatha) => ({
    name: gatha.name,
    songs: gatha.songs,
    startDay: gatha.startDay,
    endDay: gatha.endDay,
    chapters: chaptersOf(gatha, byDay),
  }));
}
