import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

// Two instances of the app on one database, as when several processes serve the same people:
// each caches the feeds it answered, so a block made through one must reach the other at once.
let readerSide: TestApp;
let blockerSide: TestApp;
beforeAll(async () => {
  readerSide = await createTestApp();
  blockerSide = await createTestApp({
    databaseUrl: readerSide.databaseUrl,
    clock: readerSide.clock,
  });
});
afterAll(async () => {
  await blockerSide.close();
  await readerSide.close();
});

const feedAuthors = async (reader: ApiClient) => {
  const response = await reader.get<{ userId: number }[]>('/api/journal/friends');
  expect(response.status).toBe(200);
  return response.body.map((entry) => entry.userId);
};

describe('a block made through another process', () => {
  it('empties the cached feed and friend lists of both people at once', async () => {
    const reader = await signUp(readerSide.app);
    const blocker = await signUp(blockerSide.app);
    await befriend(reader, blocker);
    // The blocker also reads their feed through the reader's process, so both feeds are cached.
    const blockerOnReaderSide = new ApiClient(readerSide.app);
    blockerOnReaderSide.sessionCookie = blocker.sessionCookie;
    for (const [author, day] of [
      [blocker, 8],
      [reader, 9],
    ] as const) {
      await author.post('/api/journal', {
        dayNumber: day,
        entryText: JSON.stringify({ thoughts: 'shared', words: '', deeds: '' }),
        isPublic: true,
      });
    }
    expect(await feedAuthors(reader)).toEqual([blocker.user.id]);
    expect(await feedAuthors(blockerOnReaderSide)).toEqual([reader.user.id]);

    expect((await blocker.post('/api/blocks', { userId: reader.user.id })).status).toBe(201);

    expect(await feedAuthors(reader)).toEqual([]);
    expect(await feedAuthors(blockerOnReaderSide)).toEqual([]);
    expect((await reader.get('/api/friends')).body).toEqual([]);
    expect((await blockerOnReaderSide.get('/api/friends')).body).toEqual([]);
  });
});
