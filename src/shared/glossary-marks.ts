import type { GlossaryTerm } from './glossary.js';

/*
 * Where the glossary's words appear in a text. Apart from the glossary's schemas, so the daily
 * screen marks its words without loading the validation library.
 */

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
