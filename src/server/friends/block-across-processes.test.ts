import { describe, expect, it } from 'vitest';
import { type ApiClient, befriend, HEARD_ELSEWHERE, signUp } from '../test-support/api-client.js';
import { twoAppsOnOneDatabase } from '../test-support/test-app.js';

// Two instances of the app on one database, as when several processes serve the same people:
// each caches the feeds it answered, so a block made through one must reach the other: at once
// for the blocker's own browser, within moments for the person blocked.
const processes = twoAppsOnOneDatabase();

const feedAuthors = async (reader: ApiClient) => {
  const response = await reader.api('GET /api/journal/friends');
  expect(response.status).toBe(200);
  return response.body.map((entry) => entry.userId);
};

describe('a block made through another process', () => {
  it('empties the cached feed and friend lists of both people', async () => {
    const reader = await signUp(processes.one.app);
    const blocker = await signUp(processes.other.app);
    await befriend(reader, blocker);
    // The blocker also reads their feed through the reader's process, so both feeds are cached.
    const blockerOnReaderSide = blocker.on(processes.one.app);
    for (const [author, day] of [
      [blocker, 8],
      [reader, 9],
    ] as const) {
      await author.api('POST /api/journal', {
        body: {
          dayNumber: day,
          entryText: JSON.stringify({ thoughts: 'shared', words: '', deeds: '' }),
          isPublic: true,
        },
      });
    }
    expect(await feedAuthors(reader)).toEqual([blocker.user.id]);
    expect(await feedAuthors(blockerOnReaderSide)).toEqual([reader.user.id]);

    expect(
      (await blocker.api('POST /api/blocks', { body: { userId: reader.user.id } })).status,
    ).toBe(201);

    expect(await feedAuthors(blocker.on(processes.one.app))).toEqual([]);
    expect((await blocker.on(processes.one.app).api('GET /api/friends')).body).toEqual([]);
    await expect.poll(() => feedAuthors(reader), HEARD_ELSEWHERE).toEqual([]);
    expect((await reader.api('GET /api/friends')).body).toEqual([]);
  });
});
