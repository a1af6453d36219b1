import fs from 'node:fs/promises';
import path from 'node:path';
import { type GlossaryTerm, glossaryFileSchema } from '#shared/glossary';

export type GlossaryFileResult =
  { ok: true; terms: GlossaryTerm[] } | { ok: false; errors: string[] };

/**
 * The glossary of a pack folder (glossary.json beside pack.json). A pack without one has an
 * empty glossary; a malformed one is named, field by field.
 */
export async function readGlossaryFile(dir: string): Promise<GlossaryFileResult> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, 'glossary.json'), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, terms: [] };
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, errors: [`glossary.json is not valid JSON: ${(error as Error).message}`] };
  }
  const parsed = glossaryFileSchema.safeParse(data);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.map((i) => `glossary.json ${i.path.join('.')}: ${i.message}`),
    };
  }
  return { ok: true, terms: parsed.data.terms };
}
