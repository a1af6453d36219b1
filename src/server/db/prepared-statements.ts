import { createHash } from 'node:crypto';
import type pgModule from 'pg';

/** Statements each connection keeps prepared; past this, others run unnamed as before. */
const PREPARED_PER_CONNECTION = 300;

/**
 * PostgreSQL parses and plans every unnamed statement afresh, and the app sends the same few
 * statements over and over, most of them small enough that parsing and planning is much of
 * their cost. So each connection of the pool prepares a statement the second time it sends it,
 * under a name made from its text, and after that runs it by name. A statement seen only once
 * (a list of ids of another length, a one-off) stays unnamed, and each connection prepares at
 * most PREPARED_PER_CONNECTION, so its memory on the server stays bounded.
 */
export function prepareRepeatedStatements(pool: pgModule.Pool): void {
  pool.on('connect', (client) => {
    const seen = new Set<string>();
    const prepared = new Set<string>();
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || args.length !== 2) {
        return query(...args);
      }
      if (!prepared.has(text)) {
        if (!seen.has(text) || prepared.size >= PREPARED_PER_CONNECTION) {
          if (seen.size < PREPARED_PER_CONNECTION * 4) seen.add(text);
          return query(text, values);
        }
        prepared.add(text);
      }
      const name = createHash('sha1').update(text).digest('base64url');
      return query({ name, text, values });
    };
  });
}
