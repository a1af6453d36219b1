import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './tables.js';

/**
 * Runs a read on the database's own connection at once, or answers undefined when it cannot
 * (a transaction is open there, whose uncommitted changes the read must not see).
 */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const directReads = new WeakMap<Kysely<Database>, DirectRead>();

/** Lets prepared reads on this handle skip the query executor (SQLite, in this process). */
export function allowDirectReads(db: Kysely<Database>, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * Runs a read at once, with no await, on a database whose connection allows it (SQLite, with no
 * transaction open on it); undefined otherwise.
 */
export function readNow<R>(
  db: Kysely<Database>,
  query: string,
  parameters: readonly unknown[] = [],
): R[] | undefined {
  return directReads.get(db)?.(query, parameters) as R[] | undefined;
}

/**
 * A read built and compiled once per database handle, then run with new parameter values,
 * given in the order the built query takes them. For the few reads nearly every request
 * makes, where building and compiling the query would cost more than running it. On SQLite
 * the read runs straight on the connection whenever no transaction is open on it.
 */
export function preparedRead<R>(build: (db: Kysely<Database>) => Compilable<R>) {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<R>>();
  const compile = (db: Kysely<Database>, parameters: readonly unknown[]) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db).compile();
      compiled.set(db, query);
    }
    if (query.parameters.length !== parameters.length) {
      throw new Error(
        `The prepared read takes ${query.parameters.length} values, ${parameters.length} given`,
      );
    }
    return query;
  };
  const read = async (db: Kysely<Database>, ...parameters: readonly unknown[]): Promise<R[]> => {
    const query = compile(db, parameters);
    const rows = readNow<R>(db, query.sql, parameters);
    if (rows) return rows;
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
  /** The same read with no await, where the database allows it (see readNow). */
  read.now = (db: Kysely<Database>, ...parameters: readonly unknown[]): R[] | undefined =>
    readNow<R>(db, compile(db, parameters).sql, parameters);
  return read;
}
