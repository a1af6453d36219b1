import { z } from 'zod';

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

export interface GlossaryMatcher {
  /** Finds every alias in one pass; group 0 is the matched text. */
  pattern: RegExp;
  /** The slug each alias (lower-cased) belongs to. */
  slugOf: Map<string, string>;
}

const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One alternation of every alias, longest first so "Spenta Mainyu" wins over "spenta" at the
 * same place; whole words only, any case. The aliases are the editors' literals, never a
 * reader's text, and a literal alternation scans the text once.
 */
export function glossaryMatcher(terms: readonly Pick<GlossaryTerm, 'slug' | 'aliases'>[]) {
  const slugOf = new Map<string, string>();
  for (const term of terms) {
    for (const alias of term.aliases) slugOf.set(alias.toLowerCase(), term.slug);
  }
  const aliases = [...slugOf.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${aliases.map(escapeLiteral).join('|') || '(?!)'})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  return { pattern, slugOf } satisfies GlossaryMatcher;
}

/** The slugs of every glossary word the text holds. */
export function slugsIn(text: string, matcher: GlossaryMatcher): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(matcher.pattern)) {
    const slug = matcher.slugOf.get(match[0].toLowerCase());
    if (slug) found.add(slug);
  }
  return found;
}

export type MarkedPiece = string | { text: string; slug: string };

/**
 * Splits each text into plain runs and marked words, marking only the first time each word
 * appears across all the texts (one explanation's sentences, in order). `seen` carries on.
 */
export function markFirstUses(
  texts: readonly string[],
  matcher: GlossaryMatcher,
  seen = new Set<string>(),
): MarkedPiece[][] {
  return texts.map((text) => {
    const pieces: MarkedPiece[] = [];
    let from = 0;
    for (const match of text.matchAll(matcher.pattern)) {
      const slug = matcher.slugOf.get(match[0].toLowerCase());
      if (!slug || seen.has(slug)) continue;
      seen.add(slug);
      if (match.index > from) pieces.push(text.slice(from, match.index));
      pieces.push({ text: match[0], slug });
      from = match.index + match[0].length;
    }
    if (from < text.length) pieces.push(text.slice(from));
    return pieces;
  });
}

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
