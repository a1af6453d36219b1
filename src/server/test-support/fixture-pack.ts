import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOTAL_DAYS } from '#shared/constants';

let written: string | undefined;

/** A small generated pack of all 241 days, so API tests do not depend on the shipped readings. */
export function writeFixturePack(days = TOTAL_DAYS): string {
  if (written && days === TOTAL_DAYS) return written;
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
    day: i + 1,
    reference: `Yasna 28.${i + 1}`,
    songNumber: 28,
    stanzas: [(i % 30) + 1],
    songTitle: 'Ahunavaiti',
    thought: `Fixture thought for day ${i + 1}`,
    explanation: `Fixture explanation for day ${i + 1}`,
    reflectionPrompt: i % 2 === 0 ? `Fixture prompt for day ${i + 1}?` : null,
  }));
  fs.writeFileSync(path.join(dir, 'readings', 'fixture.json'), JSON.stringify({ readings }));
  if (days === TOTAL_DAYS) written = dir;
  return dir;
}
