import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Kysely, sql, type Transaction } from 'kysely';
import { type ValidPack, validatePack } from './content-pack.js';
import { refreshReadingSearch } from '../search/reading-index.js';
import type { Database } from '../db/tables.js';
import { dialectOf } from '../db/dialect.js';

export type PackResult =
  { ok: true; pack: ValidPack; checksum: string } | { ok: false; errors: string[] };

/** Reads and validates a pack folder: pack.json and readings/*.json. */
export async function readPackFolder(dir: string): Promise<PackResult> {
  let manifestText: string;
  try {
    manifestText = await fs.readFile(path.join(dir, 'pack.json'), 'utf8');
  } catch {
    return { ok: false, errors: [`no pack.json in ${dir}`] };
  }
  const hash = createHash('sha256').update(manifestText);
  const names = (await fs.readdir(path.join(dir, 'readings')).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json'))
    .sort();
  const files: { name: string; data: unknown }[] = [];
  const errors: string[] = [];
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestText);
  } catch (error) {
    errors.push(`pack.json is not valid JSON: ${(error as Error).message}`);
  }
  for (const name of names) {
    const text = await fs.readFile(path.join(dir, 'readings', name), 'utf8');
    hash.update(name).update(text);
    try {
      files.push({ name, data: JSON.parse(text) });
    } catch (error) {
      errors.push(`${name} is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  const result = validatePack(manifest, files);
  return result.ok ? { ...result, checksum: hash.digest('hex') } : result;
}

/** Replaces the served readings with the pack's, all in one transaction. */
export async function loadPack(
  db: Kysely<Database>,
  pack: ValidPack,
  source: { name: string; checksum: string },
  now: Date,
): Promise<void> {
  await db.transaction().execute((trx) => writePack(trx, pack, source, now));
}

async function writePack(
  trx: Transaction<Database>,
  pack: ValidPack,
  source: { name: string; checksum: string },
  now: Date,
): Promise<void> {
  for (const reading of pack.readings) {
    const values = {
      thought: reading.thought,
      explanation: reading.explanation,
      reflection_prompt: reading.reflectionPrompt,
      author: pack.author,
      reference: reading.reference,
    };
    await trx
      .insertInto('thoughts')
      .values({ day_number: reading.day, ...values })
      .onConflict((oc) => oc.column('day_number').doUpdateSet(values))
      .execute();
  }
  await trx.deleteFrom('thoughts').where('day_number', '>', pack.readings.length).execute();
  await trx.deleteFrom('gatha_info').execute();
  await trx
    .insertInto('gatha_info')
    .values(
      pack.gathaInfo.map((row) => ({
        song_number: row.songNumber,
        song_title: row.songTitle,
        stanza_number: row.stanzaNumber,
        description: row.description,
        start_day: row.startDay,
        end_day: row.endDay,
      })),
    )
    .execute();
  await refreshReadingSearch(trx);
  const state = { source: source.name, checksum: source.checksum, loaded_at: now.toISOString() };
  await trx
    .insertInto('content_state')
    .values({ id: 1, ...state })
    .onConflict((oc) => oc.column('id').doUpdateSet(state))
    .execute();
  // Every process lets go of what it built from the readings before (docs/decisions/004).
  await trx.insertInto('data_changes').values({ topic: 'content', user_id: 0 }).execute();
}

/**
 * At start: serve the shipped pack unless an operator imported another one. Skips the work
 * when the same pack is already loaded in full (a load from before references were kept is
 * done again). On PostgreSQL, processes starting at once take turns
 * (a transaction-scoped advisory lock) and re-check inside it, so only one of them loads.
 */
export async function loadShippedPack(
  db: Kysely<Database>,
  dir: string,
  now: Date,
): Promise<{ loaded: boolean; reason: string }> {
  const result = await readPackFolder(dir);
  const loadUnlessCurrent = async (
    reader: Kysely<Database>,
    write: (pack: ValidPack, source: { name: string; checksum: string }) => Promise<void>,
  ) => {
    const state = await reader
      .selectFrom('content_state')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirst();
    if (state && state.source !== dir)
      return { loaded: false, reason: `an imported pack (${state.source}) is served` };
    if (!result.ok) return { loaded: false, reason: result.errors.slice(0, 5).join('; ') };
    if (state?.checksum === result.checksum && !(await lacksReferences(reader)))
      return { loaded: false, reason: 'already loaded' };
    await write(result.pack, { name: dir, checksum: result.checksum });
    return { loaded: true, reason: `${result.pack.readings.length} readings` };
  };
  if (dialectOf(db) === 'sqlite') {
    // SQLite lets one writer in at a time; the load is one transaction of its own.
    return loadUnlessCurrent(db, (pack, source) => loadPack(db, pack, source, now));
  }
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${contentLockName} || current_schema()))`.execute(
      trx,
    );
    return loadUnlessCurrent(trx, (pack, source) => writePack(trx, pack, source, now));
  });
}

/** Whether the readings were loaded before each day kept its reference (migration 0011). */
async function lacksReferences(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('thoughts')
    .select('id')
    .where('reference', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

const contentLockName = 'threefold content load ';
