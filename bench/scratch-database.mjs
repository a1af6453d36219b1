// A database of the bench's own for one measure, and how to drop it: a file in a new temporary
// folder on SQLite, a schema of its own on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** On PostgreSQL, runs one statement as the admin of `postgresBase`. */
async function adminQuery(postgresBase, statement) {
  const client = new pg.Client({ connectionString: postgresBase });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database of `kind` ('sqlite' or 'postgres') named after `name`: its URL as the
 * server takes it, its file (SQLite) or schema (PostgreSQL), and `drop()`.
 */
export async function scratchDatabase(kind, name, postgresBase) {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `threefold-${name}-`));
    const file = path.join(dir, `${name}.db`);
    return {
      url: `sqlite:${file}`,
      file,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${name}_${process.pid}`;
  await adminQuery(postgresBase, `drop schema if exists ${schema} cascade`);
  await adminQuery(postgresBase, `create schema ${schema}`);
  const url = new URL(postgresBase);
  url.searchParams.set('schema', schema);
  return {
    url: url.toString(),
    schema,
    drop: () => adminQuery(postgresBase, `drop schema if exists ${schema} cascade`),
  };
}
