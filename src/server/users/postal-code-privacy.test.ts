import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Found {
  id: number;
  fullName: string;
  username: string;
  postalCode: string | null;
  distanceCategory?: string;
}

describe("a stranger's postal code", () => {
  it('never shows a 4th character, whatever code the one looking gives themselves', async () => {
    const tag = `twin${Math.random().toString(36).slice(2, 7)}`;
    // Two strangers who differ only from the 4th character on; the second is the newer.
    const first = await signUp(t.app, { fullName: `${tag} One`, postalCode: 'K7Q 4MX' });
    const second = await signUp(t.app, { fullName: `${tag} Two`, postalCode: 'K7Q 9ZZ' });
    const looker = await signUp(t.app);

    const codes = [
      ...[...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c) => `K7Q${c}`),
      'K7Q4MX',
      'k7q 4mx',
      'K7Q4M',
      'K7Q9ZZ',
      'K7Q9',
      'K7Q',
      'K7',
      'K',
      'X7Q4MX',
      '',
    ];
    const seen = new Set<string>();
    for (const code of codes) {
      const changed = await looker.call('PATCH', '/api/users/me', { postalCode: code });
      expect(changed.status).toBe(200);
      const discovered = await looker.api('GET /api/users/search', { query: { discover: 'true' } });
      const searched = await looker.call<Found[]>('GET', `/api/users/search?q=${tag}`);
      for (const list of [discovered.body, searched.body]) {
        const a = list.findIndex((person) => person.id === first.user.id);
        const b = list.findIndex((person) => person.id === second.user.id);
        expect(a).toBeGreaterThanOrEqual(0);
        expect(b).toBeGreaterThanOrEqual(0);
        const shown = ({ id: _id, fullName: _name, username: _username, ...rest }: Found) => rest;
        const shownA = shown(list[a]!);
        const shownB = shown(list[b]!);
        // Everything shown of the two is the same, so nothing in it can tell them apart...
        expect(shownA, `looking from "${code}"`).toEqual(shownB);
        expect(shownA.postalCode).toBe('K7Q');
        if (shownA.distanceCategory !== undefined) seen.add(shownA.distanceCategory);
      }
      // ...and neither is their order: the newer first, as among any equally near people.
      const ids = discovered.body.map((person) => person.id);
      expect(ids.indexOf(second.user.id), `looking from "${code}"`).toBeLessThan(
        ids.indexOf(first.user.id),
      );
    }
    // The category did change with the first three characters, so the check above means something.
    expect([...seen].sort()).toEqual(['area', 'city', 'other', 'region']);
  });
});
