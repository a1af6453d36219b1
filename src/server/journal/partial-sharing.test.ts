import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function authorAndFriend() {
  const author = await signUp(t.app);
  const friend = await signUp(t.app);
  await befriend(author, friend);
  return { author, friend };
}

const parts = (tag: string) =>
  JSON.stringify({
    thoughts: `${tag}-private-thought`,
    words: `${tag}-shared-words`,
    deeds: `${tag}-private-deed`,
  });

describe('sharing some parts of a reflection', () => {
  it('sends friends only the shared parts, and the author everything', async () => {
    const { author, friend } = await authorAndFriend();
    const saved = await author.api('POST /api/journal', {
      body: {
        dayNumber: 8,
        entryText: parts('a'),
        isPublic: true,
        sharedParts: ['words'],
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ entryText: parts('a'), sharedParts: ['words'] });

    const feed = await friend.api('GET /api/journal/friends');
    const text = JSON.stringify(feed.body);
    expect(text).toContain('a-shared-words');
    expect(text).not.toContain('a-private-thought');
    expect(text).not.toContain('a-private-deed');
    expect(feed.body[0]).toMatchObject({ sharedParts: ['words'] });
    expect(JSON.parse(feed.body[0]!.entryText)).toEqual({ words: 'a-shared-words' });

    const own = await author.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 8 } });
    expect(own.body).toMatchObject({ entryText: parts('a'), sharedParts: ['words'] });
  });

  it('shares all three parts unless told otherwise', async () => {
    const { author, friend } = await authorAndFriend();
    const saved = await author.api('POST /api/journal', {
      body: {
        dayNumber: 9,
        entryText: parts('b'),
        isPublic: true,
      },
    });
    expect(saved.body.sharedParts).toEqual(['thoughts', 'words', 'deeds']);
    expect((await friend.api('GET /api/journal/friends')).body[0]?.entryText).toBe(parts('b'));
  });

  it('follows a change of the shared parts at once, the kept feed included', async () => {
    const { author, friend } = await authorAndFriend();
    const saved = await author.api('POST /api/journal', {
      body: {
        dayNumber: 10,
        entryText: parts('c'),
        isPublic: true,
        sharedParts: ['thoughts', 'deeds', 'words'],
      },
    });
    expect(saved.body.sharedParts).toEqual(['thoughts', 'words', 'deeds']);
    expect(JSON.stringify((await friend.api('GET /api/journal/friends')).body)).toContain(
      'c-private-thought',
    );
    const updated = await author.api('PUT /api/journal/:id', {
      params: { id: saved.body.id },
      body: { sharedParts: ['deeds'] },
    });
    expect(updated.body).toMatchObject({ sharedParts: ['deeds'], isPublic: true });
    const text = JSON.stringify((await friend.api('GET /api/journal/friends')).body);
    expect(text).toContain('c-private-deed');
    expect(text).not.toContain('c-private-thought');
    expect(text).not.toContain('c-shared-words');
  });

  it('treats plain text from older clients as the thoughts part', async () => {
    const { author, friend } = await authorAndFriend();
    await author.api('POST /api/journal', {
      body: {
        dayNumber: 11,
        entryText: 'plain legacy text',
        isPublic: true,
        sharedParts: ['words', 'deeds'],
      },
    });
    expect(JSON.stringify((await friend.api('GET /api/journal/friends')).body)).not.toContain(
      'plain legacy text',
    );
  });

  it('refuses parts it does not know, none, or the same twice', async () => {
    const author = await signUp(t.app);
    for (const sharedParts of [['feelings'], [], ['words', 'words'], 'words']) {
      const answer = await author.call('POST', '/api/journal', {
        dayNumber: 12,
        entryText: 'x',
        isPublic: true,
        sharedParts,
      });
      expect(answer.status, JSON.stringify(sharedParts)).toBe(400);
      expect(answer.body.errors?.[0]?.path).toMatch(/^sharedParts/);
    }
  });
});
