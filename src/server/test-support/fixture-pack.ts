import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOTAL_DAYS } from '#shared/constants';

interface FixtureReading {
  day: number;
  reference: string;
  songNumber: number;
  stanzas: number[];
  songTitle: string;
  thought: string;
  explanation: string;
  reflectionPrompt: string | null;
}

const fixtureReading = (day: number): FixtureReading => ({
  day,
  reference: `Yasna 28.${day}`,
  songNumber: 28,
  stanzas: [((day - 1) % 30) + 1],
  songTitle: 'Ahunavaiti',
  thought: `Fixture thought for day ${day}`,
  explanation: `Fixture explanation for day ${day}`,
  reflectionPrompt: day % 2 === 1 ? `Fixture prompt for day ${day}?` : null,
});

/** How a test's pack differs from the fixture: some fields of every day, of some days, and files. */
export interface PackChanges {
  everyDay?: (day: number) => Partial<FixtureReading>;
  days?: Record<number, Partial<FixtureReading>>;
  /** Further files of the pack's folder (such as glossary.json), written as JSON. */
  files?: Record<string, unknown>;
}

/** A generated pack of `days` days, changed as a test needs; a new folder each time. */
export function writePackWith(changes: PackChanges = {}, days = TOTAL_DAYS): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-pack-'));
  fs.mkdirSync(path.join(dir, 'readings'));
  fs.writeFileSync(
    path.join(dir, 'pack.json'),
    JSON.stringify({
      title: 'Fixture pack',
      author: 'Fixture Author',
      license: 'test only',
      chapters: [{ songNumber: 28, description: 'Fixture chapter' }],
    }),
  );
  const readings = Array.from({ length: days }, (_, i) => ({
    ...fixtureReading(i + 1),
    ...changes.everyDay?.(i + 1),
    ...changes.days?.[i + 1],
  }));
  fs.writeFileSync(path.join(dir, 'readings', 'fixture.json'), JSON.stringify({ readings }));
  for (const [name, content] of Object.entries(changes.files ?? {})) {
    fs.writeFileSync(path.join(dir, name), JSON.stringify(content));
  }
  return dir;
}

let written: string | undefined;

/** A small generated pack of all 241 days, so API tests do not depend on the shipped readings. */
export function writeFixturePack(days = TOTAL_DAYS): string {
  if (written && days === TOTAL_DAYS) return written;
  const dir = writePackWith({}, days);
  if (days === TOTAL_DAYS) written = dir;
  return dir;
}
