import { z } from 'zod';
import { glossaryMatcher, slugsIn } from './glossary-marks.js';

/** A definition is short enough to read in a popover: two to four plain sentences. */
export const DEFINITION_WORDS = { min: 20, max: 90 } as const;

const slugPattern = /^[a-z]+(?:-[a-z]+)*$/;

/** One word of `content/glossary.json`, with the spellings that mark it in the readings. */
export const glossaryTermSchema = z.strictObject({
  term: z.string().min(1).max(60),
  slug: z.string().regex(slugPattern, { error: 'a slug is lower-case words joined by hyphens' }),
  aliases: z.array(z.string().min(1).max(60)).min(1),
  definition: z.string().min(1).max(1000),
});
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

export const glossaryFileSchema = z.strictObject({ terms: z.array(glossaryTermSchema) });

/** One row of `GET /api/glossary`: every day of the cycle whose reading uses the word. */
export const glossaryEntrySchema = z.object({
  term: z.string(),
  slug: z.string(),
  definition: z.string(),
  days: z.array(z.int()),
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

export const GLOSSARY_TAKES_NO_QUERY = 'The glossary takes no query parameters';
/** `GET /api/glossary` reads nothing from the address; anything there is a mistake to name. */
export const glossaryQuerySchema = z.strictObject({}, { error: GLOSSARY_TAKES_NO_QUERY });

/** Each term with the days (ascending) whose rendering or explanation uses it. */
export function glossaryWithDays(
  terms: readonly GlossaryTerm[],
  readings: readonly { day: number; thought: string; explanation: string }[],
): GlossaryEntry[] {
  const matcher = glossaryMatcher(terms);
  const days = new Map<string, number[]>(terms.map((term) => [term.slug, []]));
  const ordered = [...readings].sort((a, b) => a.day - b.day);
  for (const reading of ordered) {
    for (const slug of slugsIn(`${reading.thought}\n${reading.explanation}`, matcher)) {
      days.get(slug)?.push(reading.day);
    }
  }
  return terms.map(({ term, slug, definition }) => ({
    term,
    slug,
    definition,
    days: days.get(slug) ?? [],
  }));
}

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/**
 * The editorial rules of the glossary: slugs and aliases each used once, every word found in
 * at least one day's reading, every definition within its length.
 */
export function checkGlossary(
  terms: readonly GlossaryTerm[],
  readings: readonly { day: number; thought: string; explanation: string }[],
): string[] {
  const errors: string[] = [];
  const slugs = new Set<string>();
  const aliases = new Map<string, string>();
  for (const term of terms) {
    if (slugs.has(term.slug)) errors.push(`slug ${term.slug} is used twice`);
    slugs.add(term.slug);
    for (const alias of term.aliases) {
      const owner = aliases.get(alias.toLowerCase());
      if (owner) errors.push(`alias "${alias}" of ${term.slug} is also an alias of ${owner}`);
      aliases.set(alias.toLowerCase(), term.slug);
    }
    const words = wordCount(term.definition);
    if (words < DEFINITION_WORDS.min || words > DEFINITION_WORDS.max) {
      errors.push(
        `${term.slug}: definition has ${words} words (${DEFINITION_WORDS.min}-${DEFINITION_WORDS.max})`,
      );
    }
  }
  for (const entry of glossaryWithDays(terms, readings)) {
    if (entry.days.length === 0) errors.push(`${entry.slug}: no day's reading uses it`);
  }
  return errors;
}
