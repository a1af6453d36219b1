import type { Compilable, Kysely } from 'kysely';
import type { Database } from './tables.js';

/**
 * Runs a read on the database's own connection at once, or answers undefined when it must not
 * (SQLite, with a transaction open there whose uncommitted changes the read must not see).
 */
export type SynchronousRead = (
  sql: string,
  parameters: readonly unknown[],
) => unknown[] | undefined;

export interface ReadableDatabase {
  db: Kysely<Database>;
  /** SQLite only: better-sqlite3 answers synchronously, so a read can skip Kysely's queue. */
  readSynchronously?: SynchronousRead;
}

/** A compiled read, run with the values it names. */
export type CompiledRead<Values, Row> = (values: Values) => Promise<Row[]>;

/**
 * A read built with Kysely and compiled once, then run with new values: for the few reads nearly
 * every request makes, where building and compiling a query would cost more than running it.
 * `build` is handed a stand-in for each named value; each run puts the values given in their
 * places. On SQLite the read runs straight on the connection when no transaction is open there.
 */
export function compileRead<Values extends Record<string, unknown>, Row>(
  { db, readSynchronously }: ReadableDatabase,
  build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
): CompiledRead<Values, Row> {
  const standIns = new Map<string, keyof Values>();
  const values = new Proxy({} as Values, {
    get(_target, name) {
      const standIn = `\u0000value:${String(name)}`;
      standIns.set(standIn, name as keyof Values);
      return standIn;
    },
  });
  const query = build(db, values).compile();
  const places = query.parameters.flatMap((parameter, index) => {
    const name = typeof parameter === 'string' ? standIns.get(parameter) : undefined;
    return name === undefined ? [] : [{ index, name }];
  });
  for (const [standIn, name] of standIns) {
    if (!query.parameters.includes(standIn)) {
      throw new Error(`The compiled read must take "${String(name)}" as a parameter`);
    }
  }
  return async (given) => {
    const parameters = [...query.parameters];
    for (const { index, name } of places) parameters[index] = given[name];
    const rows = readSynchronously?.(query.sql, parameters);
    if (rows) return rows as Row[];
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
