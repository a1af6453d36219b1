import { describe, expect, it } from 'vitest';
import { type ApiClient, HEARD_ELSEWHERE, signUp } from '../test-support/api-client.js';
import { twoAppsOnOneDatabase } from '../test-support/test-app.js';

// Two instances of the app on one database: the reader asks one, the other members write
// through the other. Each instance caches the circle's pages, so these tests fail if a cached
// page outlives a change made elsewhere for more than the moment it takes to hear of it.
const processes = twoAppsOnOneDatabase();

const text = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });
const pageOf = async (reader: ApiClient, circleId: number) => {
  const response = await reader.api('GET /api/circles/:id/reflections', {
    params: { id: circleId },
    query: { day: '7' },
  });
  expect(response.status).toBe(200);
  return response.body.map((entry) => `${entry.user.fullName}: ${entry.thoughts ?? ''}`);
};

/**
 * A circle the reader made on one process, joined by a writer on the other, with whatever the
 * writer shares with it on day 7.
 */
async function circleAcrossProcesses(name: string, writerName: string, shared?: string) {
  const reader = await signUp(processes.one.app);
  const writer = await signUp(processes.other.app, { fullName: writerName });
  const circleId: number = (await reader.api('POST /api/circles', { body: { name } })).body.id;
  const code = (await reader.api('POST /api/circles/:id/invites', { params: { id: circleId } }))
    .body.code;
  expect((await writer.api('POST /api/circles/join', { body: { code } })).status).toBe(200);
  const saved =
    shared === undefined
      ? undefined
      : await writer.api('POST /api/journal', {
          body: {
            dayNumber: 7,
            entryText: text(shared),
            circleIds: [circleId],
          },
        });
  return { reader, writer, circleId, entryId: saved?.body.id as number };
}

describe("a circle's page cached by one process", () => {
  it('shows every change a member makes through another process', async () => {
    const { reader, writer, circleId } = await circleAcrossProcesses('Two processes', 'Mehr');
    expect(await pageOf(reader, circleId)).toEqual([]);

    const saved = await writer.api('POST /api/journal', {
      body: {
        dayNumber: 7,
        entryText: text('shared at dawn'),
        circleIds: [circleId],
      },
    });
    await expect
      .poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE)
      .toEqual(['Mehr: shared at dawn']);

    processes.one.clock.advance(1000);
    await writer.api('PUT /api/journal/:id', {
      params: { id: saved.body.id },
      body: { entryText: text('edited at noon') },
    });
    await expect
      .poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE)
      .toEqual(['Mehr: edited at noon']);

    await writer.call('PATCH', '/api/users/me', { fullName: 'Mehr Renamed' });
    await expect
      .poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE)
      .toEqual(['Mehr Renamed: edited at noon']);

    await writer.api('DELETE /api/circles/:id/members/:userId', {
      params: { id: circleId, userId: writer.user.id },
    });
    await expect.poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE).toEqual([]);
  });

  it('lets go of a deleted entry everywhere', async () => {
    const { reader, writer, circleId, entryId } = await circleAcrossProcesses(
      'Deleting',
      'Farah',
      'brief',
    );
    await expect.poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE).toEqual(['Farah: brief']);
    await writer.api('DELETE /api/journal/:id', { params: { id: entryId } });
    await expect.poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE).toEqual([]);
  });

  it('hides an author from a member at once when either blocks the other, and shows them again', async () => {
    const { reader, writer, circleId } = await circleAcrossProcesses(
      'Blocking',
      'Roshan',
      'kept apart',
    );
    await expect
      .poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE)
      .toEqual(['Roshan: kept apart']);

    // The author blocks the reader through the other process: the reader's kept view goes.
    expect(
      (await writer.api('POST /api/blocks', { body: { userId: reader.user.id } })).status,
    ).toBe(201);
    await expect.poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE).toEqual([]);
    await writer.api('DELETE /api/blocks/:userId', { params: { userId: reader.user.id } });
    await expect
      .poll(() => pageOf(reader, circleId), HEARD_ELSEWHERE)
      .toEqual(['Roshan: kept apart']);

    // The reader's own block holds on their very next request.
    expect(
      (await reader.api('POST /api/blocks', { body: { userId: writer.user.id } })).status,
    ).toBe(201);
    expect(await pageOf(reader, circleId)).toEqual([]);
  });

  it("shows a member's own appreciation on their next request", async () => {
    const { reader, circleId, entryId } = await circleAcrossProcesses('Thanks', 'Tir', 'grateful');
    const appreciated = async () =>
      (
        await reader.api('GET /api/circles/:id/reflections', {
          params: { id: circleId },
          query: { day: '7' },
        })
      ).body.map((entry) => entry.appreciatedByMe);
    await expect.poll(appreciated, HEARD_ELSEWHERE).toEqual([false]);
    expect(
      (await reader.api('PUT /api/journal/:id/appreciation', { params: { id: entryId } })).status,
    ).toBe(200);
    expect(await appreciated()).toEqual([true]);
    await reader.api('DELETE /api/journal/:id/appreciation', { params: { id: entryId } });
    expect(await appreciated()).toEqual([false]);
  });
});
