import type { Kysely } from 'kysely';

// Frozen once shipped: never edit; add a new migration.

/**
 * Each day's reading keeps the reference its content pack gives it ("Yasna 29.10-11",
 * "Yasna 53.1 (lines 1-2)"), which the stanza info alone cannot rebuild: the journal export
 * names each reflection's reading by it. Empty for packs loaded before; the next load fills it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('thoughts').addColumn('reference', 'varchar(80)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('thoughts').dropColumn('reference').execute();
}
