import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOTAL_DAYS } from '#shared/constants';
import { checkEditorialRules } from './content-pack.js';
import { checkVariety } from './content-pack-variety.js';
import { checkGlossary } from '#shared/glossary';
import { projectRoot } from '../config.js';
import { readGlossaryFile } from '../glossary/glossary-file.js';
import { readPackFolder } from './content-pack-files.js';

/** The glossary's spellings: glossed names, which a stock phrase leaves out. */
async function glossarySpellings() {
  const glossary = await readGlossaryFile(path.join(projectRoot, 'content'));
  if (!glossary.ok) throw new Error(glossary.errors.join('\n'));
  return glossary.terms.flatMap((term) => term.aliases);
}

// The content check: the readings that ship in content/ meet every rule of content/README.md.
describe('the shipped content pack', () => {
  it('is a valid pack of all 241 days that meets the editorial rules', async () => {
    const result = await readPackFolder(path.join(projectRoot, 'content'));
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.pack.readings).toHaveLength(TOTAL_DAYS);
    expect(checkEditorialRules(result.pack.readings, await glossarySpellings())).toEqual([]);
  });

  it('reports the prompt shapes and shared wording left within the limits, by day', async () => {
    const result = await readPackFolder(path.join(projectRoot, 'content'));
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const { errors, warnings } = checkVariety(result.pack.readings, await glossarySpellings());
    expect(errors).toEqual([]);
    // Warnings do not fail the check; an editor reads them to keep the pack varied.
    if (warnings.length > 0) console.warn(`content warnings:\n  ${warnings.join('\n  ')}`);
  });

  it('gives every day a Gatha info row', async () => {
    const result = await readPackFolder(path.join(projectRoot, 'content'));
    if (!result.ok) throw new Error(result.errors.join('\n'));
    for (let day = 1; day <= TOTAL_DAYS; day++) {
      expect(
        result.pack.gathaInfo.some((row) => row.startDay <= day && day <= row.endDay),
        `day ${day}`,
      ).toBe(true);
    }
    expect(result.pack.gathaInfo.find((row) => row.startDay === 2)?.songTitle).toBe('Ashem Vohu');
    expect(result.pack.gathaInfo.find((row) => row.startDay === 3)?.songTitle).toBe('Yatha Ahu');
  });

  it('has a glossary whose words each appear on some day, with short definitions', async () => {
    const dir = path.join(projectRoot, 'content');
    const result = await readPackFolder(dir);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const glossary = await readGlossaryFile(dir);
    if (!glossary.ok) throw new Error(glossary.errors.join('\n'));
    expect(glossary.terms.length).toBeGreaterThanOrEqual(15);
    expect(checkGlossary(glossary.terms, result.pack.readings)).toEqual([]);
  });
});
