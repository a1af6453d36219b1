import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResults } from '#shared/search-schemas';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { writePackWith } from '../test-support/fixture-pack.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/** A pack of every day with plain filler, and a few days whose words the tests look for. */
function writeSearchPack(): string {
  return writePackWith({
    everyDay: (day) => ({
      thought: `Stanza text of day ${day}`,
      explanation: `Commentary on day ${day}`,
      reflectionPrompt: `What will you carry from day ${day}?`,
    }),
    days: {
      5: { thought: 'Truth shines in the good mind\nand lights the way of the wise' },
      12: { explanation: 'The truthful one walks with asha through the long day of the world.' },
      44: { reference: 'Yasna 44.3', thought: 'Who set the sun and the stars on their paths?' },
      59: { thought: 'The bridge is crossed by those who chose well' },
      100: { thought: 'Truth waits on a day not yet open, a hidden meadow' },
    },
  });
}

// The test clock starts on 1 March 2026: day 60 of the cycle.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ contentDir: writeSearchPack() });
});
afterAll(async () => t.close());

const search = (client: ApiClient, query: string) =>
  client.call<SearchResults & { message?: string }>('GET', `/api/search?${query}`);
const days = (body: SearchResults) => body.readings.map((r) => r.dayNumber);
/** The highlighted words of a result, as the screen marks them. */
const marked = (result: { snippet: string; highlights: [number, number][] }) =>
  result.highlights.map(([start, end]) => result.snippet.slice(start, end));

async function writeEntry(
  client: ApiClient,
  dayNumber: number,
  parts: { thoughts: string; words?: string; deeds?: string },
) {
  const answer = await client.api('POST /api/journal', {
    body: {
      dayNumber,
      entryText: JSON.stringify({ words: '', deeds: '', ...parts }),
    },
  });
  expect(answer.status).toBeLessThan(300);
  return answer.body as { id: number };
}

describe('GET /api/search: the readings', () => {
  it('finds a word in its other forms, with a plain snippet and the ranges to mark', async () => {
    const anyone = new ApiClient(t.app);
    const truth = await search(anyone, 'q=truth');
    expect(truth.status).toBe(200);
    expect(days(truth.body)).toEqual(expect.arrayContaining([5, 12]));
    expect(truth.body.journal).toEqual([]);
    const day5 = truth.body.readings.find((r) => r.dayNumber === 5)!;
    expect(day5).toEqual({
      dayNumber: 5,
      reference: 'Yasna 28.5',
      songTitle: 'Ahunavaiti',
      snippet: 'Truth shines in the good mind and lights the way of the wise',
      highlights: [[0, 5]],
    });
    const day12 = truth.body.readings.find((r) => r.dayNumber === 12)!;
    expect(marked(day12)).toEqual(['truthful']);
    expect(day12.snippet).not.toMatch(/<|>/);

    const truthful = await search(anyone, 'q=truthful');
    expect(days(truthful.body)).toEqual(expect.arrayContaining([5, 12]));
    expect(days((await search(anyone, 'q=ASHA')).body)).toEqual([12]);
  });

  it('finds a reading by its reference and by its Gatha’s name', async () => {
    const anyone = new ApiClient(t.app);
    const reference = await search(anyone, `q=${encodeURIComponent('Yasna 44.3')}`);
    expect(days(reference.body)[0]).toBe(44);
    expect(reference.body.readings[0]).toMatchObject({
      reference: 'Yasna 44.3',
      snippet: 'Who set the sun and the stars on their paths?',
    });
    const gatha = await search(anyone, 'q=ahunavaiti');
    expect(gatha.body.readings).toHaveLength(20);
    expect(gatha.body.readings.every((r) => r.songTitle === 'Ahunavaiti')).toBe(true);
  });

  it('never returns a day the reader may not open yet', async () => {
    const anyone = new ApiClient(t.app);
    expect(days((await search(anyone, 'q=truth')).body)).not.toContain(100);
    expect((await search(anyone, 'q=meadow')).body).toEqual({ readings: [], journal: [] });
    expect(days((await search(anyone, 'q=bridge')).body)).toEqual([59]);
  });

  it("follows a reader's own pace: one who starts today reaches day 1 only", async () => {
    const me = await signUp(t.app);
    expect(days((await search(me, 'q=truth')).body)).toEqual(expect.arrayContaining([5, 12]));
    expect((await me.call('PATCH', '/api/users/me', { pace: 'own' })).status).toBe(200);
    expect((await search(me, 'q=truth')).body.readings).toEqual([]);
  });

  it('corrects a misspelt word when nothing matched and says so', async () => {
    const anyone = new ApiClient(t.app);
    const typo = await search(anyone, 'q=trurh');
    expect(typo.body.correctedQuery).toBe('truth');
    expect(days(typo.body)).toEqual(expect.arrayContaining([5, 12]));
    expect(marked(typo.body.readings.find((r) => r.dayNumber === 5)!)).toEqual(['Truth']);
    // A word only a day not yet open holds is never offered as a correction.
    const future = await search(anyone, 'q=meadpw');
    expect(future.body).toEqual({ readings: [], journal: [] });
    const nothing = await search(anyone, 'q=xylophone');
    expect(nothing.body).toEqual({ readings: [], journal: [] });
  });

  it('treats search syntax as plain text, never failing on it', async () => {
    const anyone = new ApiClient(t.app);
    for (const q of [
      '"',
      '*',
      'NEAR(',
      'OR',
      'truth OR',
      '" AND ',
      '(',
      'owner:u1',
      '-truth',
      '^',
      "'",
      '\\',
      '{body}: x',
    ]) {
      const answer = await search(anyone, `q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(200);
      expect(answer.body.journal, q).toEqual([]);
    }
    expect(days((await search(anyone, `q=${encodeURIComponent('"truth*')}`)).body)).toEqual(
      expect.arrayContaining([5, 12]),
    );
  });
});

describe('GET /api/search: the journal', () => {
  it('finds only the caller’s own entries, in any of their three parts', async () => {
    const me = await signUp(t.app);
    const friend = await signUp(t.app);
    const stranger = await signUp(t.app);
    await befriend(me, friend);
    const mine = await writeEntry(me, 7, {
      thoughts: 'A quiet morning',
      deeds: 'I told the truth to my brother about the lantern',
    });
    await writeEntry(me, 8, { thoughts: 'Nothing of note today' });
    await writeEntry(friend, 7, { thoughts: 'The lantern of my friend, shared with all' });
    await writeEntry(stranger, 9, { thoughts: 'A stranger’s lantern, truthfully told' });

    const found = await search(me, 'q=lantern&scope=journal');
    expect(found.status).toBe(200);
    expect(found.body.readings).toEqual([]);
    expect(found.body.journal).toEqual([
      {
        id: mine.id,
        dayNumber: 7,
        snippet: 'A quiet morning · I told the truth to my brother about the lantern',
        highlights: [expect.any(Array)],
        updatedAt: expect.any(String),
      },
    ]);
    // The JSON keys of the stored entry are not words of it.
    expect((await search(me, 'q=deeds&scope=journal')).body.journal).toEqual([]);
    expect(marked(found.body.journal[0]!)).toEqual(['lantern']);
    for (const other of [friend, stranger]) {
      const theirs = await search(other, 'q=brother&scope=journal');
      expect(theirs.body.journal).toEqual([]);
    }
    expect(
      (await search(stranger, 'q=lantern&scope=journal')).body.journal.map((e) => e.dayNumber),
    ).toEqual([9]);
  });

  it('searches both by default when signed in, and follows edits and deletions', async () => {
    const me = await signUp(t.app);
    const entry = await writeEntry(me, 3, { thoughts: 'Truthful words at the market' });
    const both = await search(me, 'q=truth');
    expect(both.body.journal.map((e) => e.id)).toEqual([entry.id]);
    expect(days(both.body)).toEqual(expect.arrayContaining([5, 12]));

    await me.api('PUT /api/journal/:id', {
      params: { id: entry.id },
      body: {
        entryText: JSON.stringify({ thoughts: 'Kind words at the harbour', words: '', deeds: '' }),
      },
    });
    expect((await search(me, 'q=market&scope=journal')).body.journal).toEqual([]);
    expect((await search(me, 'q=harbour&scope=journal')).body.journal).toHaveLength(1);
    expect((await me.api('DELETE /api/journal/:id', { params: { id: entry.id } })).status).toBe(
      200,
    );
    expect((await search(me, 'q=harbour&scope=journal')).body.journal).toEqual([]);
  });

  it('answers alike on either database: every word, phrases in order, most often first', async () => {
    const me = await signUp(t.app);
    const once = await writeEntry(me, 2, { thoughts: 'The gift of a kind word' });
    const twice = await writeEntry(me, 4, { thoughts: 'A gift given', words: 'and a gift kept' });
    await writeEntry(me, 6, { thoughts: 'Reading Yasna 44.3 by the window' });
    const ids = async (q: string) =>
      (await search(me, `q=${encodeURIComponent(q)}&scope=journal`)).body.journal.map((e) => e.id);
    // The entry that holds the word most often comes first.
    expect(await ids('gifts')).toEqual([twice.id, once.id]);
    expect(await ids('gift kind')).toEqual([once.id]);
    // Words that many engines leave out as too common are words a reader may look for.
    expect(await ids('the gift')).toEqual([once.id]);
    expect(await ids('44.3')).toHaveLength(1);
    expect(await ids('3.44')).toEqual([]);
  });

  it('needs sign-in for the journal, not for the readings', async () => {
    const anyone = new ApiClient(t.app);
    for (const scope of ['journal', 'all']) {
      const answer = await search(anyone, `q=truth&scope=${scope}`);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'You must be signed in to search your journal' });
    }
    expect((await search(anyone, 'q=truth&scope=readings')).status).toBe(200);
  });
});

describe('GET /api/search: bad input', () => {
  it('answers 400 with a clear message for an empty, blank, long or odd search', async () => {
    const anyone = new ApiClient(t.app);
    for (const query of ['', 'q=', `q=${encodeURIComponent('   ')}`]) {
      const answer = await search(anyone, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.message, query).toBe('Type a word or two to search for');
    }
    const long = await search(anyone, `q=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A search can be at most 200 characters');
    // 200 characters once trimmed is still a search.
    expect((await search(anyone, `q=${encodeURIComponent(` ${'a'.repeat(200)} `)}`)).status).toBe(
      200,
    );
    const scope = await search(anyone, 'q=truth&scope=everything');
    expect(scope.status).toBe(400);
    expect(scope.body.message).toBe('Search scope must be readings, journal or all');
    expect((await search(anyone, 'q=a&q=b')).status).toBe(400);
  });
});
