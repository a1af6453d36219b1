import { type Kysely, SqliteAdapter } from 'kysely';
import type { Database } from './tables.js';

export type Dialect = 'sqlite' | 'postgres';

/**
 * The dialect a Kysely instance speaks, for code handed only the instance (a transaction
 * included): the one place that asks the driver.
 */
export function dialectOf(db: Kysely<Database>): Dialect {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}
