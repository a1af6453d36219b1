import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, TOTAL_DAYS } from '#shared/constants';
import { formatEntryText, parseEntryText } from '#shared/journal-entry';
import { hasUnstorableText } from '../http/storable-text.js';
import { type ApiClient, signUp } from '../test-support/api-client.js';
import { anyText } from '../test-support/fuzz-inputs.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const runs = process.env.TEST_DB === 'postgres' ? 100 : 400;
let accepted = 0;
let refused = 0;
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

let t: TestApp;
let writer: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  writer = await signUp(t.app);
});
afterAll(async () => t.close());

/**
 * The only documented reasons to refuse a reflection: more than 20,000 characters, text no
 * database can keep as sent, or a body over the 64 KB limit.
 */
function shouldAccept(body: Record<string, unknown>, text: string): boolean {
  return (
    [...text].length <= LIMITS.entryText &&
    !hasUnstorableText(text) &&
    Buffer.byteLength(JSON.stringify(body)) <= LIMITS.bodyBytes
  );
}

const reflectionText = fc.oneof(
  anyText(),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc
    .record({ thoughts: anyText(), words: anyText(), deeds: anyText() })
    .map((parts) => formatEntryText(parts)),
);

describe(`a saved reflection reads back exactly as accepted (seed ${seed}; FUZZ_SEED replays)`, () => {
  it('creating and then changing an entry keeps the text byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: TOTAL_DAYS }),
        reflectionText,
        reflectionText,
        fc.boolean(),
        async (dayNumber, first, second, isPublic) => {
          const create = { dayNumber, entryText: first, isPublic };
          const saved = await writer.api('POST /api/journal', { body: create });
          expect(saved.status < 300, `save answered ${saved.status}`).toBe(
            shouldAccept(create, first),
          );
          if (saved.status >= 300) {
            refused += 1;
            expect([400, 413]).toContain(saved.status);
            return;
          }
          accepted += 1;
          expect(saved.body.entryText).toBe(first);
          const read = await writer.api('GET /api/journal/day/:dayNumber', {
            params: { dayNumber },
          });
          expect(read.body).toMatchObject({ entryText: first, isPublic });

          const update = { entryText: second };
          const changed = await writer.api('PUT /api/journal/:id', {
            params: { id: saved.body.id },
            body: update,
          });
          expect(changed.status < 300, `update answered ${changed.status}`).toBe(
            shouldAccept(update, second),
          );
          if (changed.status >= 300) expect([400, 413]).toContain(changed.status);
          const expected = changed.status < 300 ? second : first;
          const reread = await writer.api('GET /api/journal/day/:dayNumber', {
            params: { dayNumber },
          });
          expect(reread.body).toMatchObject({ entryText: expected });
          expect(parseEntryText((reread.body as { entryText: string }).entryText)).toEqual(
            parseEntryText(expected),
          );
          const listed = await writer.api('GET /api/journal');
          expect(
            listed.body.find((entry: { id: number }) => entry.id === saved.body.id)?.entryText,
          ).toBe(expected);
        },
      ),
      { numRuns: runs, seed },
    );
    // Both outcomes were exercised, so neither half of the property held vacuously.
    expect(accepted).toBeGreaterThan(runs / 10);
    expect(refused).toBeGreaterThan(0);
  }, 300_000);
});
