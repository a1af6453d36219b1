import { z } from 'zod';
import { GATHAS, STANZAS_PER_SONG, TOTAL_DAYS } from '#shared/constants';
import { checkVariety } from './content-pack-variety.js';

export const readingSchema = z.strictObject({
  day: z.number().int().min(1).max(TOTAL_DAYS),
  reference: z.string().min(1).max(80),
  songNumber: z.number().int().min(1).max(72),
  stanzas: z.array(z.number().int().min(1).max(30)).max(2),
  part: z.string().min(1).max(40).optional(),
  songTitle: z.string().min(1).max(100),
  thought: z.string().min(1).max(5000),
  explanation: z.string().min(1).max(10000),
  reflectionPrompt: z.string().min(1).max(1000).nullable(),
});
export type Reading = z.infer<typeof readingSchema>;

export const packManifestSchema = z.object({
  title: z.string().min(1),
  author: z.string().min(1).max(200),
  license: z.string().min(1),
  chapters: z.array(
    z.object({ songNumber: z.number().int(), description: z.string().min(1).max(500) }),
  ),
});
export type PackManifest = z.infer<typeof packManifestSchema>;

export interface GathaInfoRow {
  songNumber: number;
  songTitle: string;
  stanzaNumber: number;
  description: string;
  startDay: number;
  endDay: number;
}

export interface ValidPack {
  author: string;
  readings: Reading[];
  gathaInfo: GathaInfoRow[];
}

/**
 * The structural rules any pack must meet to be served: days 1..N each exactly once, every
 * reading well formed, a description for every chapter used. Returns the readings in day order
 * and the gatha_info rows derived from them.
 */
export function validatePack(
  manifest: unknown,
  readingFiles: { name: string; data: unknown }[],
): { ok: true; pack: ValidPack } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const parsedManifest = packManifestSchema.safeParse(manifest);
  if (!parsedManifest.success) {
    errors.push(
      ...parsedManifest.error.issues.map((i) => `pack.json ${i.path.join('.')}: ${i.message}`),
    );
  }
  const readings: Reading[] = [];
  for (const file of readingFiles) {
    const parsed = z.object({ readings: z.array(z.unknown()) }).safeParse(file.data);
    if (!parsed.success) {
      errors.push(`${file.name}: expected { "readings": [...] }`);
      continue;
    }
    parsed.data.readings.forEach((value, index) => {
      const reading = readingSchema.safeParse(value);
      if (reading.success) readings.push(reading.data);
      else
        errors.push(
          ...reading.error.issues.map(
            (i) => `${file.name} reading ${index + 1} ${i.path.join('.')}: ${i.message}`,
          ),
        );
    });
  }
  readings.sort((a, b) => a.day - b.day);
  readings.forEach((reading, index) => {
    if (reading.day !== index + 1) {
      errors.push(
        readings[index - 1]?.day === reading.day
          ? `day ${reading.day} appears twice`
          : `day ${index + 1} is missing`,
      );
    }
  });
  if (readings.length === 0) errors.push('the pack has no readings');
  const descriptions = new Map(
    parsedManifest.data?.chapters.map((c) => [c.songNumber, c.description]) ?? [],
  );
  for (const song of new Set(readings.map((r) => r.songNumber))) {
    if (parsedManifest.success && !descriptions.has(song))
      errors.push(`pack.json has no description for Yasna ${song}`);
  }
  if (errors.length > 0 || !parsedManifest.success)
    return { ok: false, errors: [...new Set(errors)] };
  return {
    ok: true,
    pack: {
      author: parsedManifest.data.author,
      readings,
      gathaInfo: deriveGathaInfo(readings, descriptions),
    },
  };
}

/** Consecutive days holding the same stanza (a long stanza in parts) form one row. */
export function deriveGathaInfo(
  readings: Reading[],
  descriptions: Map<number, string>,
): GathaInfoRow[] {
  const rows: GathaInfoRow[] = [];
  for (const reading of readings) {
    const stanzaNumber = reading.stanzas[0] ?? 0;
    const last = rows.at(-1);
    if (
      last &&
      reading.part &&
      last.songNumber === reading.songNumber &&
      last.stanzaNumber === stanzaNumber &&
      last.endDay === reading.day - 1 &&
      stanzaNumber !== 0
    ) {
      last.endDay = reading.day;
      continue;
    }
    rows.push({
      songNumber: reading.songNumber,
      songTitle: reading.songTitle,
      stanzaNumber,
      description: descriptions.get(reading.songNumber) ?? '',
      startDay: reading.day,
      endDay: reading.day,
    });
  }
  return rows;
}

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;
const placeholderPattern = /\b(lorem|ipsum|todo|tbd|placeholder|xxx)\b|stanza text/i;

/**
 * The editorial rules of the shipped pack (content/README.md): all 241 days, every stanza of
 * the Gathas once and in order, each Gatha inside its days, lengths within bounds, no
 * placeholder, no repeated text, and no slide back into one template (checkVariety).
 */
export function checkEditorialRules(
  readings: Reading[],
  glossarySpellings: readonly string[] = [],
): string[] {
  const errors: string[] = [];
  if (readings.length !== TOTAL_DAYS)
    errors.push(`expected ${TOTAL_DAYS} days, found ${readings.length}`);

  const expected: string[] = STANZAS_PER_SONG.flatMap(([song, count]) =>
    Array.from({ length: count }, (_, i) => `${song}.${i + 1}`),
  );
  const seen: string[] = [];
  let previous = null as { key: string; part: boolean } | null;
  for (const reading of readings) {
    const gatha = GATHAS.find((g) => (g.songs as readonly number[]).includes(reading.songNumber));
    if (gatha && (reading.day < gatha.startDay || reading.day > gatha.endDay)) {
      errors.push(
        `day ${reading.day}: Yasna ${reading.songNumber} belongs to ${gatha.name}, days ${gatha.startDay}-${gatha.endDay}`,
      );
    }
    if (gatha && reading.songTitle !== gatha.name) {
      errors.push(`day ${reading.day}: songTitle should be ${gatha.name}`);
    }
    if (!gatha && ![27, 54].includes(reading.songNumber)) {
      errors.push(`day ${reading.day}: Yasna ${reading.songNumber} is not one of the Gathas`);
    }
    if (reading.stanzas.length === 2 && reading.stanzas[1] !== (reading.stanzas[0] ?? 0) + 1) {
      errors.push(`day ${reading.day}: the two stanzas must be consecutive`);
    }
    if (reading.stanzas.length === 2 && reading.part)
      errors.push(`day ${reading.day}: a part holds one stanza`);
    const words = {
      thought: wordCount(reading.thought),
      explanation: wordCount(reading.explanation),
    };
    // A rendering is as long as its lines: a short part of a stanza has no floor to pad to.
    if (words.thought > 150)
      errors.push(`day ${reading.day}: thought has ${words.thought} words (at most 150)`);
    if (words.explanation < 120 || words.explanation > 260) {
      errors.push(`day ${reading.day}: explanation has ${words.explanation} words (120-260)`);
    }
    if (!gatha) continue;
    for (const stanza of reading.stanzas) {
      const key = `${reading.songNumber}.${stanza}`;
      const continuesParts = previous?.key === key && previous.part && reading.part !== undefined;
      if (!continuesParts) seen.push(key);
      previous = { key, part: reading.part !== undefined };
    }
    if (reading.stanzas.length === 0) previous = null;
  }
  for (let i = 0; i < Math.max(expected.length, seen.length); i++) {
    if (expected[i] !== seen[i]) {
      errors.push(
        `stanza order: expected Yasna ${expected[i] ?? '(none)'} but found Yasna ${seen[i] ?? '(none)'} (stanza ${i + 1} of the Gathas)`,
      );
      break;
    }
  }
  for (const reading of readings) {
    for (const field of ['reference', 'thought', 'explanation', 'reflectionPrompt'] as const) {
      if (placeholderPattern.test(reading[field] ?? ''))
        errors.push(`day ${reading.day}: ${field} contains placeholder text`);
    }
    if (!reading.reflectionPrompt) errors.push(`day ${reading.day}: reflectionPrompt is missing`);
  }
  for (const field of ['thought', 'explanation', 'reflectionPrompt'] as const) {
    const byText = new Map<string, number>();
    for (const reading of readings) {
      const text = (reading[field] ?? '').trim().toLowerCase();
      const other = byText.get(text);
      if (other !== undefined)
        errors.push(`days ${other} and ${reading.day} have the same ${field}`);
      else byText.set(text, reading.day);
    }
  }
  errors.push(...checkVariety(readings, glossarySpellings).errors);
  return errors;
}
