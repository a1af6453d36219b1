import { describe, expect, it } from 'vitest';
import { type ApiClient, HEARD_ELSEWHERE, signUp } from '../test-support/api-client.js';
import { twoAppsOnOneDatabase } from '../test-support/test-app.js';

// Two instances of the app on one database: the author opens their days through one, while
// others (and the author, from another tab) write through the other. Each instance keeps the
// days it has answered, so these tests fail if a kept day outlives a change made elsewhere for
// more than the moment it takes to hear of it, or the author's own change at all.
const processes = twoAppsOnOneDatabase();

const text = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });

/** What the author sees of their entry of day 7: its words, circles and appreciations. */
async function dayAsAuthorSees(author: ApiClient) {
  const response = await author.api('GET /api/journal/day/:dayNumber', {
    params: { dayNumber: 7 },
    query: { ifNone: 'empty' },
  });
  expect(response.status).toBe(200);
  const { body } = response;
  if (!('id' in body)) return null;
  return {
    text: body.entryText,
    circles: body.circleIds,
    appreciatedBy: (body.appreciations ?? []).map((a) => a.fullName),
  };
}

/**
 * An author on one process sharing day 7 with a circle that a member on the other process owns,
 * and opening it once, so that the process keeps it.
 */
async function sharedWithAMember(memberName: string) {
  const author = await signUp(processes.one.app);
  const member = await signUp(processes.other.app, { fullName: memberName });
  const circleId: number = (await member.api('POST /api/circles', { body: { name: 'Dawn' } })).body
    .id;
  const { code } = (await member.api('POST /api/circles/:id/invites', { params: { id: circleId } }))
    .body;
  expect((await author.api('POST /api/circles/join', { body: { code } })).status).toBe(200);
  const saved = await author.api('POST /api/journal', {
    body: { dayNumber: 7, entryText: text('at dawn'), circleIds: [circleId] },
  });
  expect(saved.status).toBe(201);
  const entryId: number = saved.body.id;
  expect(await dayAsAuthorSees(author)).toEqual({
    text: text('at dawn'),
    circles: [circleId],
    appreciatedBy: [],
  });
  return { author, member, circleId, entryId };
}

describe("an author's day kept by one process", () => {
  it('shows what others do through another process: appreciations, names, blocks, removal', async () => {
    const { author, member, circleId, entryId } = await sharedWithAMember('Mehr');
    const seen = () => dayAsAuthorSees(author);

    await member.api('PUT /api/journal/:id/appreciation', { params: { id: entryId } });
    await expect.poll(async () => (await seen())?.appreciatedBy, HEARD_ELSEWHERE).toEqual(['Mehr']);

    await member.call('PATCH', '/api/users/me', { fullName: 'Mehr Renamed' });
    await expect
      .poll(async () => (await seen())?.appreciatedBy, HEARD_ELSEWHERE)
      .toEqual(['Mehr Renamed']);

    await member.api('DELETE /api/journal/:id/appreciation', { params: { id: entryId } });
    await expect.poll(async () => (await seen())?.appreciatedBy, HEARD_ELSEWHERE).toEqual([]);

    await member.api('PUT /api/journal/:id/appreciation', { params: { id: entryId } });
    await expect.poll(async () => (await seen())?.appreciatedBy, HEARD_ELSEWHERE).toHaveLength(1);
    // No one a block stands between is shown.
    expect(
      (await member.api('POST /api/blocks', { body: { userId: author.user.id } })).status,
    ).toBe(201);
    await expect.poll(async () => (await seen())?.appreciatedBy, HEARD_ELSEWHERE).toEqual([]);

    // Removed from the circle, the author's entry is no longer shared with it.
    await member.api('DELETE /api/circles/:id/members/:userId', {
      params: { id: circleId, userId: author.user.id },
    });
    await expect.poll(async () => (await seen())?.circles, HEARD_ELSEWHERE).toEqual([]);
    expect((await seen())?.text).toBe(text('at dawn'));
  });

  it("shows the author's own change at once, made through either process", async () => {
    const { author, entryId } = await sharedWithAMember('Farah');

    processes.one.clock.advance(1000);
    await author.api('PUT /api/journal/:id', {
      params: { id: entryId },
      body: { entryText: text('changed here') },
    });
    expect((await dayAsAuthorSees(author))?.text).toBe(text('changed here'));

    // The same browser, its next call answered by the other process.
    const sameBrowser = author.on(processes.other.app);
    processes.one.clock.advance(1000);
    await sameBrowser.api('PUT /api/journal/:id', {
      params: { id: entryId },
      body: { entryText: text('changed there') },
    });
    author.ownChangeUntil = sameBrowser.ownChangeUntil;
    expect((await dayAsAuthorSees(author))?.text).toBe(text('changed there'));

    await sameBrowser.api('DELETE /api/journal/:id', { params: { id: entryId } });
    author.ownChangeUntil = sameBrowser.ownChangeUntil;
    expect(await dayAsAuthorSees(author)).toBeNull();
    const gone = await author.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 7 } });
    expect(gone.status).toBe(404);
  });

  it('keeps a day with no entry apart from a day with one, and each author apart', async () => {
    const first = await signUp(processes.one.app);
    const second = await signUp(processes.one.app);
    expect(await dayAsAuthorSees(first)).toBeNull();
    await second.api('POST /api/journal', { body: { dayNumber: 7, entryText: text('mine') } });
    expect((await dayAsAuthorSees(second))?.text).toBe(text('mine'));
    expect(await dayAsAuthorSees(first)).toBeNull();
    const none = await first.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 7 } });
    expect(none.status).toBe(404);
  });
});
