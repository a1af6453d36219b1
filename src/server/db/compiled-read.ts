import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './tables.js';

/**
 * Runs a read on the database's own connection at once, or answers undefined when it must not
 * (SQLite, with a transaction open there whose uncommitted changes the read must not see).
 */
export type SynchronousRead = (
  sql: string,
  parameters: readonly unknown[],
) => unknown[] | undefined;

/** Runs one statement of a transaction made at once, answering its rows (none if it has none). */
export type RunAtOnce = <Row>(query: CompiledQuery<Row>) => Row[];

/**
 * SQLite only: runs `work` as one immediate transaction straight on the connection, committed
 * when it returns and rolled back when it throws. Undefined when it must not run there now: a
 * transaction begun through Kysely is open on the connection, between two of its statements.
 */
export type WriteAtOnce = <T>(work: (run: RunAtOnce) => T) => { value: T } | undefined;

export interface ReadableDatabase {
  db: Kysely<Database>;
  /** SQLite only: better-sqlite3 answers synchronously, so a read can skip Kysely's queue. */
  readSynchronously?: SynchronousRead | undefined;
}

/** A compiled read, run with the values it names. */
export type CompiledRead<Values, Row> = (values: Values) => Promise<Row[]>;

/**
 * A statement built with Kysely and compiled once: each call answers it with the values given
 * in their places, ready to run. `build` is handed a stand-in for each named value, which must
 * reach the SQL as a parameter, never written into it.
 */
export function compileStatement<Values extends object, Row>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
): (values: Values) => CompiledQuery<Row> {
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
      throw new Error(`The compiled statement must take "${String(name)}" as a parameter`);
    }
  }
  return (given) => {
    const parameters = [...query.parameters];
    for (const { index, name } of places) parameters[index] = given[name];
    return { ...query, parameters };
  };
}

/**
 * A read built with Kysely and compiled once, then run with new values: for the few reads nearly
 * every request makes, where building and compiling a query would cost more than running it.
 * On SQLite the read runs straight on the connection when no transaction is open there.
 */
export function compileRead<Values extends object, Row>(
  { db, readSynchronously }: ReadableDatabase,
  build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
): CompiledRead<Values, Row> {
  const withValues = compileStatement(db, build);
  return async (given) => {
    const query = withValues(given);
    const rows = readSynchronously?.(query.sql, query.parameters);
    if (rows) return rows as Row[];
    return (await db.executeQuery<Row>(query)).rows;
  };
}
