import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

// Two instances of the app on one database, as when several processes serve the same people:
// the reader asks one, the friend writes through the other. Each instance caches the feeds it
// has answered, so these tests fail if a cached feed outlives a change made elsewhere.
let readerSide: TestApp;
let writerSide: TestApp;
beforeAll(async () => {
  readerSide = await createTestApp();
  writerSide = await createTestApp({
    databaseUrl: readerSide.databaseUrl,
    clock: readerSide.clock,
  });
});
afterAll(async () => {
  await writerSide.close();
  await readerSide.close();
});

const text = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });
const password = 'correct horse battery';

interface FeedItem {
  id: number;
  entryText: string;
  user: { fullName: string; username: string };
}
const feedOf = async (reader: ApiClient) => {
  const response = await reader.get<FeedItem[]>('/api/journal/friends');
  expect(response.status).toBe(200);
  return response.body;
};

describe("a friends' feed cached by one process", () => {
  it('shows every change a friend makes through another process at once', async () => {
    const reader = await signUp(readerSide.app);
    const friend = await signUp(writerSide.app, { fullName: 'First Name' });
    await befriend(reader, friend);
    expect(await feedOf(reader)).toEqual([]);

    const shared = await friend.post('/api/journal', {
      dayNumber: 7,
      entryText: text('shared at dawn'),
      isPublic: true,
    });
    expect((await feedOf(reader)).map((e) => e.entryText)).toEqual([text('shared at dawn')]);
    // Asked again with nothing changed, the same answer.
    expect((await feedOf(reader)).map((e) => e.id)).toEqual([shared.body.id]);

    readerSide.clock.advance(1000);
    await friend.put(`/api/journal/${shared.body.id}`, { entryText: text('edited at noon') });
    expect((await feedOf(reader)).map((e) => e.entryText)).toEqual([text('edited at noon')]);

    await friend.call('PATCH', '/api/users/me', { fullName: 'Second Name' });
    expect((await feedOf(reader))[0]?.user.fullName).toBe('Second Name');

    await friend.put(`/api/journal/${shared.body.id}`, { isPublic: false });
    expect(await feedOf(reader)).toEqual([]);

    await friend.put(`/api/journal/${shared.body.id}`, { isPublic: true });
    expect(await feedOf(reader)).toHaveLength(1);
    await friend.delete(`/api/journal/${shared.body.id}`);
    expect(await feedOf(reader)).toEqual([]);
  });

  it('follows friendships made and ended elsewhere, and a friend who deletes their account', async () => {
    const reader = await signUp(readerSide.app);
    const friend = await signUp(writerSide.app);
    await friend.post('/api/journal', { dayNumber: 3, entryText: text('hello'), isPublic: true });
    expect(await feedOf(reader)).toEqual([]);

    await befriend(friend, reader);
    expect(await feedOf(reader)).toHaveLength(1);

    expect((await friend.delete(`/api/friends/${reader.user.id}`)).status).toBe(200);
    expect(await feedOf(reader)).toEqual([]);

    // One friend for another: as many friends as before, different entries.
    const another = await signUp(writerSide.app);
    await another.post('/api/journal', { dayNumber: 4, entryText: text('hi'), isPublic: true });
    await befriend(another, reader);
    expect((await feedOf(reader)).map((e) => e.entryText)).toEqual([text('hi')]);
    expect((await another.delete(`/api/friends/${reader.user.id}`)).status).toBe(200);
    await befriend(reader, friend);
    expect((await feedOf(reader)).map((e) => e.entryText)).toEqual([text('hello')]);
    expect((await friend.call('DELETE', '/api/users/me', { password })).status).toBe(200);
    expect(await feedOf(reader)).toEqual([]);
  });

  it('keeps each reader to their own friends', async () => {
    const reader = await signUp(readerSide.app);
    const other = await signUp(readerSide.app);
    const friend = await signUp(writerSide.app);
    await befriend(reader, friend);
    await friend.post('/api/journal', {
      dayNumber: 9,
      entryText: text('for friends'),
      isPublic: true,
    });
    expect(await feedOf(reader)).toHaveLength(1);
    expect(await feedOf(other)).toEqual([]);
    await friend.post('/api/journal', { dayNumber: 10, entryText: text('just mine') });
    expect((await feedOf(reader)).map((e) => e.entryText)).toEqual([text('for friends')]);
  });
});
