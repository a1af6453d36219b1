import MiniSearch from 'minisearch';
import { TOTAL_DAYS } from '#shared/constants';
import { READINGS_CACHE } from '../pwa/offline-policy.js';
import type { ReadingResult } from '#shared/search-schemas';
import { SEARCH_RESULTS_MAX, searchTerms, snippetOf, wordStem } from '#shared/search-text';
import { stanzaReference } from '#shared/stanza-heading';
import type { GathaInfo, Thought } from '#shared/thought-types';

interface CachedReading {
  dayNumber: number;
  reference: string;
  songTitle: string;
  thought: string;
  explanation: string;
  prompt: string;
}

async function cachedJson<T>(cache: Cache, request: Request | string): Promise<T | null> {
  try {
    const response = await cache.match(request);
    return response ? ((await response.json()) as T) : null;
  } catch {
    return null;
  }
}

const dayPath = /^\/api\/(thoughts|gathas\/info)\/(\d{1,3})$/;

/**
 * The readings this device keeps for offline reading (the service worker's readings cache):
 * only days the reader opened, so only days they may open, and none past the cached today.
 */
async function cachedReadings(): Promise<CachedReading[]> {
  if (typeof caches === 'undefined' || !(await caches.has(READINGS_CACHE))) return [];
  const cache = await caches.open(READINGS_CACHE);
  const thoughts = new Map<number, Thought>();
  const infoByDay = new Map<number, GathaInfo>();
  for (const request of await cache.keys()) {
    const match = dayPath.exec(new URL(request.url).pathname);
    if (!match) continue;
    const day = Number(match[2]);
    if (match[1] === 'thoughts') {
      const thought = await cachedJson<Thought>(cache, request);
      if (thought) thoughts.set(day, thought);
    } else {
      const info = await cachedJson<GathaInfo>(cache, request);
      if (info) infoByDay.set(day, info);
    }
  }
  const today = await cachedJson<Thought & { currentDay: number }>(cache, '/api/thoughts/today');
  if (today) thoughts.set(today.dayNumber, today);
  const outline = (await cachedJson<GathaInfo[]>(cache, '/api/gathas/info')) ?? [];
  const lastDay = today?.currentDay ?? TOTAL_DAYS;
  const infoOf = (day: number) =>
    infoByDay.get(day) ?? outline.find((row) => row.startDay <= day && row.endDay >= day);
  return [...thoughts.values()]
    .filter((thought) => thought.dayNumber <= lastDay)
    .map((thought) => {
      const info = infoOf(thought.dayNumber);
      return {
        dayNumber: thought.dayNumber,
        reference: info ? stanzaReference(thought.dayNumber, info) : `Day ${thought.dayNumber}`,
        songTitle: info?.songTitle ?? '',
        thought: thought.thought,
        explanation: thought.explanation,
        prompt: thought.reflectionPrompt ?? '',
      };
    });
}

/**
 * Searches the readings kept on this device, for when the server cannot be reached: the same
 * word forms as the server (a shared stem), and MiniSearch's fuzzy match for typos.
 */
export async function searchCachedReadings(query: string): Promise<ReadingResult[]> {
  const readings = await cachedReadings();
  const index = new MiniSearch<CachedReading>({
    idField: 'dayNumber',
    fields: ['reference', 'songTitle', 'thought', 'explanation', 'prompt'],
    processTerm: (term) => wordStem(term) || null,
    searchOptions: {
      boost: { reference: 4, songTitle: 4, thought: 2 },
      combineWith: 'AND',
      fuzzy: 0.2,
      prefix: true,
    },
  });
  index.addAll(readings);
  const byDay = new Map(readings.map((reading) => [reading.dayNumber, reading]));
  return index
    .search(query)
    .slice(0, SEARCH_RESULTS_MAX)
    .flatMap((hit) => {
      const reading = byDay.get(Number(hit.id));
      if (!reading) return [];
      const terms = [...searchTerms(query), ...hit.terms];
      const snippets = [reading.thought, reading.explanation, reading.prompt].map((text) =>
        snippetOf(text, terms),
      );
      const shown = snippets.find((s) => s.highlights.length > 0) ?? snippets[0]!;
      return [
        {
          dayNumber: reading.dayNumber,
          reference: reading.reference,
          songTitle: reading.songTitle,
          ...shown,
        },
      ];
    });
}
