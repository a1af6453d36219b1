import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/api-client.js';
import { writeFixturePack } from '../test-support/fixture-pack.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { runContentImport } from './content-import.js';

let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-import-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A copy of the fixture pack with its readings changed by `edit`. */
function packWith(name: string, edit: (readings: Record<string, unknown>[]) => void): string {
  const dir = path.join(scratch, name);
  fs.cpSync(writeFixturePack(), dir, { recursive: true });
  const file = path.join(dir, 'readings', 'fixture.json');
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { readings: Record<string, unknown>[] };
  edit(data.readings);
  fs.writeFileSync(file, JSON.stringify(data));
  return dir;
}

const env = () => ({ DATABASE_URL: t.databaseUrl, CONTENT_DIR: t.config.contentDir });

describe('npm run content:import', () => {
  it('loads a valid pack in place of the served one', async () => {
    const dir = packWith('valid', (readings) => {
      readings[0]!.thought = 'An operator wrote this first day';
    });
    const result = await runContentImport(dir, env());
    expect(result.code).toBe(0);
    expect(result.lines[0]).toMatch(/Loaded 241 readings/);
    expect(
      (await new ApiClient(t.app).api('GET /api/thoughts/:dayNumber', { params: { dayNumber: 1 } }))
        .body.thought,
    ).toBe('An operator wrote this first day');
  });

  it("replaces today's reading and the words search corrects to at once in the serving process", async () => {
    const client = new ApiClient(t.app);
    // The test clock's today is day 60: its answer and the vocabulary are now built and kept.
    const before = await client.api('GET /api/thoughts/today');
    expect(before.body.dayNumber).toBe(60);
    await client.api('GET /api/search', { query: { q: 'zarvanyte', scope: 'readings' } });
    const dir = packWith('today', (readings) => {
      readings[59]!.thought = 'A zarvanite morning, written by an operator';
    });
    expect((await runContentImport(dir, env())).code).toBe(0);
    // Another process loaded it: this one hears of it through the change log within moments.
    await expect
      .poll(async () => (await client.api('GET /api/thoughts/today')).body.thought, {
        timeout: 2_000,
      })
      .toBe('A zarvanite morning, written by an operator');
    await expect
      .poll(
        async () =>
          (await client.api('GET /api/search', { query: { q: 'zarvanyte', scope: 'readings' } }))
            .body.correctedQuery,
        { timeout: 2_000 },
      )
      .toBe('zarvanite');
  });

  it('refuses an invalid pack, says why, and changes nothing', async () => {
    const before = (
      await new ApiClient(t.app).api('GET /api/thoughts/:dayNumber', { params: { dayNumber: 1 } })
    ).body.thought;
    const dir = packWith('broken', (readings) => {
      readings[0]!.thought = 'This must never be served';
      readings.splice(5, 1);
      (readings[9] as Record<string, unknown>).explanation = 42;
    });
    const result = await runContentImport(dir, env());
    expect(result.code).toBe(1);
    expect(result.lines.join('\n')).toMatch(/not valid; nothing was loaded/);
    expect(result.lines.join('\n')).toMatch(/day 6 is missing/);
    expect(result.lines.join('\n')).toMatch(/explanation/);
    expect(
      (await new ApiClient(t.app).api('GET /api/thoughts/:dayNumber', { params: { dayNumber: 1 } }))
        .body.thought,
    ).toBe(before);
  });

  it('asks for a folder and reports a folder without a pack', async () => {
    expect((await runContentImport(undefined, env())).code).toBe(2);
    const empty = await runContentImport(path.join(scratch, 'nothing-here'), env());
    expect(empty.code).toBe(1);
    expect(empty.lines.join('\n')).toMatch(/no pack\.json/);
  });
});
