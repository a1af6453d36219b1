import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileUpdateSchema } from '#shared/account-schemas';
import { LIMITS } from '#shared/constants';
import { hasUnstorableText } from '../http/storable-text.js';
import { type ApiClient, signUp } from '../test-support/api-client.js';
import { anyText } from '../test-support/fuzz-inputs.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const runs = process.env.TEST_DB === 'postgres' ? 80 : 300;
let accepted = 0;
let refused = 0;
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

let t: TestApp;
let person: ApiClient;
beforeAll(async () => {
  t = await createTestApp({ env: { PUSH_SCHEDULER: 'false' } });
  person = await signUp(t.app);
});
afterAll(async () => t.close());

const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const profileChange = fc.record(
  {
    fullName: anyText(),
    city: fc.oneof(anyText(), fc.constant(null)),
    postalCode: optional(fc.oneof(anyText(), fc.constant(null))),
    whatsapp: optional(fc.oneof(anyText(), fc.constant(null))),
  },
  { requiredKeys: [] },
);

describe(`a profile change reads back as accepted (seed ${seed}; FUZZ_SEED replays)`, () => {
  it('stores each accepted field trimmed, blank as none, and leaves a refused change unstored', async () => {
    await fc.assert(
      fc.asyncProperty(profileChange, async (change) => {
        const before = (await person.api('GET /api/auth/me')).body.user;
        const parsed = profileUpdateSchema.safeParse(change);
        const acceptable =
          parsed.success &&
          !hasUnstorableText(change) &&
          Buffer.byteLength(JSON.stringify(change)) <= LIMITS.bodyBytes;
        const answer = await person.call('PATCH', '/api/users/me', change);
        expect(answer.status < 300, `answered ${answer.status}`).toBe(acceptable);
        const after = (await person.api('GET /api/auth/me')).body.user;
        if (!acceptable || !parsed.success) {
          expect([400, 413]).toContain(answer.status);
          refused += 1;
          expect(after).toEqual(before);
          return;
        }
        const expected: Record<string, unknown> = { ...before };
        for (const [field, value] of Object.entries(parsed.data)) {
          if (value !== undefined) expected[field] = value;
        }
        accepted += 1;
        expect(answer.body.user).toEqual(expected);
        expect(after).toEqual(expected);
      }),
      { numRuns: runs, seed },
    );
    // Both outcomes were exercised, so neither half of the property held vacuously.
    expect(accepted).toBeGreaterThan(runs / 10);
    expect(refused).toBeGreaterThan(0);
  }, 300_000);
});
