import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOSSARY_TAKES_NO_QUERY } from '#shared/glossary';
import { runContentImport } from '../content/content-import.js';
import { ApiClient, signUp } from '../test-support/api-client.js';
import { writePackWith } from '../test-support/fixture-pack.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const definition =
  'The right order of things, written for this test in more than twenty words so that it reads like a real definition.';

/** A pack of all days where a few readings use glossary words, in either field and any case. */
function packWithGlossary(glossary: unknown): string {
  return writePackWith({
    everyDay: (day) => ({
      thought: `A rendering for day ${day}`,
      explanation: `An explanation for day ${day}, Ashavani aside.`,
      reflectionPrompt: null,
    }),
    days: {
      3: { explanation: 'Truth (Asha) comes first.' },
      12: { thought: 'Wise Lord, hear me.' },
      60: { explanation: 'The truthful (ashavan) and the Lie (Druj).' },
      200: { explanation: 'Even on a day not open yet: ASHA.' },
    },
    ...(glossary !== undefined ? { files: { 'glossary.json': glossary } } : {}),
  });
}

const glossary = {
  terms: [
    { term: 'Asha', slug: 'asha', aliases: ['Asha', 'ashavan'], definition },
    { term: 'Ahura Mazda', slug: 'ahura-mazda', aliases: ['Wise Lord', 'Mazda'], definition },
    { term: 'Druj', slug: 'druj', aliases: ['Druj'], definition },
    { term: 'Haurvatat', slug: 'haurvatat', aliases: ['Haurvatat'], definition },
  ],
};

// The test clock starts on 1 March 2026: day 60 of the cycle.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ contentDir: packWithGlossary(glossary) });
});
afterAll(async () => t.close());

describe('GET /api/glossary', () => {
  it('lists every word with its definition and the days of the served readings that use it', async () => {
    const answer = await new ApiClient(t.app).api('GET /api/glossary');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { term: 'Asha', slug: 'asha', definition, days: [3, 60, 200] },
      { term: 'Ahura Mazda', slug: 'ahura-mazda', definition, days: [12] },
      { term: 'Druj', slug: 'druj', definition, days: [60] },
      { term: 'Haurvatat', slug: 'haurvatat', definition, days: [] },
    ]);
  });

  it('answers a signed-in reader the same as a visitor: the days are not personal', async () => {
    const reader = await signUp(t.app);
    const visitor = await new ApiClient(t.app).api('GET /api/glossary');
    expect((await reader.api('GET /api/glossary')).body).toEqual(visitor.body);
  });

  it('refuses any query parameter with a clear 400', async () => {
    const answer = await new ApiClient(t.app).call('GET', '/api/glossary?day=3');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(GLOSSARY_TAKES_NO_QUERY);
  });

  it("answers the glossary of a pack an operator imports, with that pack's days", async () => {
    const app = await createTestApp({ contentDir: packWithGlossary(glossary) });
    try {
      expect((await new ApiClient(app.app).api('GET /api/glossary')).body).toHaveLength(4);
      const imported = packWithGlossary({ terms: [glossary.terms[2]] });
      const env = { DATABASE_URL: app.databaseUrl, CONTENT_DIR: app.config.contentDir };
      expect((await runContentImport(imported, env)).code).toBe(0);
      expect((await new ApiClient(app.app).api('GET /api/glossary')).body).toEqual([
        { term: 'Druj', slug: 'druj', definition, days: [60] },
      ]);
    } finally {
      await app.close();
    }
  });

  it('answers an empty list for a pack without a glossary', async () => {
    const other = await createTestApp({ contentDir: packWithGlossary(undefined) });
    try {
      expect((await new ApiClient(other.app).api('GET /api/glossary')).body).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

describe('a malformed glossary file', () => {
  it('answers 503 with a message rather than a half-read glossary', async () => {
    const broken = await createTestApp({
      contentDir: packWithGlossary({ terms: [{ term: 'Asha', slug: 'Not A Slug', aliases: [] }] }),
    });
    try {
      const answer = await new ApiClient(broken.app).api('GET /api/glossary');
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe('The glossary could not be read.');
    } finally {
      await broken.close();
    }
  });
});
