import { createHash } from 'node:crypto';
import type pgModule from 'pg';

/** Statements each connection keeps prepared; past this, others run unnamed as before. */
export const PREPARED_PER_CONNECTION = 300;

type Query = (...args: unknown[]) => Promise<unknown>;

/** PostgreSQL's refusal to run a prepared statement whose columns changed under it. */
const resultTypeChanged = (error: unknown) =>
  (error as { code?: string }).code === '0A000' &&
  String((error as Error).message).includes('cached plan must not change result type');

/**
 * PostgreSQL parses and plans every unnamed statement afresh, and the app sends the same few
 * statements over and over, most so small that parsing and planning is much of their cost
 * (measured: one day's journal and discovery about twice as fast, saves a third faster). So
 * each connection of the pool prepares a statement the second time it sends it, under a name
 * made from its text, and runs it by name after that (docs/decisions/030-prepared-statements-
 * on-postgresql.md).
 *
 * - A statement seen once (a list of ids of another length, a one-off) stays unnamed, and a
 *   connection prepares at most PREPARED_PER_CONNECTION, so its memory on the server is bounded.
 * - A migration run by another process may add a column to a table a prepared `select *`
 *   reads; PostgreSQL then refuses that statement. It is sent unnamed from then on, and run
 *   again at once when no transaction was under way (inside one, the transaction has failed and
 *   its caller's error stands, as for any other failed statement).
 */
export function prepareRepeatedStatements(pool: pgModule.Pool): void {
  pool.on('connect', (client) => {
    const seen = new Set<string>();
    const names = new Map<string, string>();
    const refused = new Set<string>();
    let inTransaction = false;
    const query = client.query.bind(client) as Query;
    (client as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || args.length !== 2) {
        return query(...args);
      }
      const command = text.length < 40 ? text.trim().toLowerCase() : '';
      if (command === 'begin' || command.startsWith('start transaction')) inTransaction = true;
      else if (command === 'commit' || command === 'rollback') inTransaction = false;
      let name = names.get(text);
      if (name === undefined) {
        if (refused.has(text) || !seen.has(text) || names.size >= PREPARED_PER_CONNECTION) {
          if (seen.size < PREPARED_PER_CONNECTION * 4) seen.add(text);
          return query(text, values);
        }
        name = createHash('sha1').update(text).digest('base64url');
        names.set(text, name);
      }
      const outside = !inTransaction;
      return query({ name, text, values }).catch((error: unknown) => {
        if (!resultTypeChanged(error)) throw error;
        names.delete(text);
        refused.add(text);
        if (outside) return query(text, values);
        throw error;
      });
    };
  });
}
