import { describe, expect, it } from 'vitest';
import { type ApiClient, befriend, HEARD_ELSEWHERE, signUp } from '../test-support/api-client.js';
import { twoAppsOnOneDatabase } from '../test-support/test-app.js';

// Two instances of the app on one database, as when several processes serve the same people:
// the reader asks one, the friend writes through the other. Each instance caches the feeds it
// has answered, so these tests fail if a cached feed outlives a change made elsewhere for more
// than the moment it takes to hear of it.
const processes = twoAppsOnOneDatabase();

const text = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });
const password = 'correct horse battery';

const feedOf = async (reader: ApiClient) => {
  const response = await reader.api('GET /api/journal/friends');
  expect(response.status).toBe(200);
  return response.body;
};

describe("a friends' feed cached by one process", () => {
  it('shows every change a friend makes through another process', async () => {
    const reader = await signUp(processes.one.app);
    const friend = await signUp(processes.other.app, { fullName: 'First Name' });
    await befriend(reader, friend);
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toEqual([]);

    const shared = await friend.api('POST /api/journal', {
      body: {
        dayNumber: 7,
        entryText: text('shared at dawn'),
        isPublic: true,
      },
    });
    await expect
      .poll(async () => (await feedOf(reader)).map((e) => e.entryText), HEARD_ELSEWHERE)
      .toEqual([text('shared at dawn')]);
    // Asked again with nothing changed, the same answer.
    await expect
      .poll(async () => (await feedOf(reader)).map((e) => e.id), HEARD_ELSEWHERE)
      .toEqual([shared.body.id]);

    processes.one.clock.advance(1000);
    await friend.api('PUT /api/journal/:id', {
      params: { id: shared.body.id },
      body: { entryText: text('edited at noon') },
    });
    await expect
      .poll(async () => (await feedOf(reader)).map((e) => e.entryText), HEARD_ELSEWHERE)
      .toEqual([text('edited at noon')]);

    await friend.call('PATCH', '/api/users/me', { fullName: 'Second Name' });
    await expect
      .poll(async () => (await feedOf(reader))[0]?.user.fullName, HEARD_ELSEWHERE)
      .toBe('Second Name');

    await friend.api('PUT /api/journal/:id', {
      params: { id: shared.body.id },
      body: { isPublic: false },
    });
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toEqual([]);

    await friend.api('PUT /api/journal/:id', {
      params: { id: shared.body.id },
      body: { isPublic: true },
    });
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toHaveLength(1);
    await friend.api('DELETE /api/journal/:id', { params: { id: shared.body.id } });
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toEqual([]);
  });

  it('follows friendships made and ended elsewhere, and a friend who deletes their account', async () => {
    const reader = await signUp(processes.one.app);
    const friend = await signUp(processes.other.app);
    await friend.api('POST /api/journal', {
      body: { dayNumber: 3, entryText: text('hello'), isPublic: true },
    });
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toEqual([]);

    await befriend(friend, reader);
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toHaveLength(1);

    expect(
      (await friend.api('DELETE /api/friends/:userId', { params: { userId: reader.user.id } }))
        .status,
    ).toBe(200);
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toEqual([]);

    // One friend for another: as many friends as before, different entries.
    const another = await signUp(processes.other.app);
    await another.api('POST /api/journal', {
      body: { dayNumber: 4, entryText: text('hi'), isPublic: true },
    });
    await befriend(another, reader);
    await expect
      .poll(async () => (await feedOf(reader)).map((e) => e.entryText), HEARD_ELSEWHERE)
      .toEqual([text('hi')]);
    expect(
      (await another.api('DELETE /api/friends/:userId', { params: { userId: reader.user.id } }))
        .status,
    ).toBe(200);
    await befriend(reader, friend);
    await expect
      .poll(async () => (await feedOf(reader)).map((e) => e.entryText), HEARD_ELSEWHERE)
      .toEqual([text('hello')]);
    expect((await friend.call('DELETE', '/api/users/me', { password })).status).toBe(200);
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toEqual([]);
  });

  it('keeps each reader to their own friends', async () => {
    const reader = await signUp(processes.one.app);
    const other = await signUp(processes.one.app);
    const friend = await signUp(processes.other.app);
    await befriend(reader, friend);
    await friend.api('POST /api/journal', {
      body: {
        dayNumber: 9,
        entryText: text('for friends'),
        isPublic: true,
      },
    });
    await expect.poll(() => feedOf(reader), HEARD_ELSEWHERE).toHaveLength(1);
    await expect.poll(() => feedOf(other), HEARD_ELSEWHERE).toEqual([]);
    await friend.api('POST /api/journal', {
      body: { dayNumber: 10, entryText: text('just mine') },
    });
    await expect
      .poll(async () => (await feedOf(reader)).map((e) => e.entryText), HEARD_ELSEWHERE)
      .toEqual([text('for friends')]);
  });
});
