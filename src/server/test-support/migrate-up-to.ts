import { Migrator } from 'kysely';
import type { AppDatabase } from '../db/connection.js';
import { migrations } from '../db/migrations/index.js';

const names = Object.keys(migrations).sort();

/** The migration that runs just before `name`. */
export function migrationBefore(name: string): string {
  const at = names.indexOf(name);
  if (at < 1) throw new Error(`no migration before ${name}`);
  return names[at - 1]!;
}

/** Runs every migration up to and including `last` (all of them when not given). */
export async function migrateUpTo(opened: AppDatabase, last = names.at(-1)!): Promise<void> {
  const migrator = new Migrator({
    db: opened.db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(names.filter((n) => n <= last).map((n) => [n, migrations[n]!])),
    },
    ...(opened.schema ? { migrationTableSchema: opened.schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
}

/** Undoes the newest migration run. */
export async function undoLastMigration(opened: AppDatabase): Promise<void> {
  const migrator = new Migrator({
    db: opened.db,
    provider: { getMigrations: async () => migrations },
    ...(opened.schema ? { migrationTableSchema: opened.schema } : {}),
  });
  const { error } = await migrator.migrateDown();
  if (error) throw error;
}
