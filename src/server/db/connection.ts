import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  Kysely,
  type LogEvent,
  Migrator,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import type pgModule from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { type Dialect, dialectOf } from './dialect.js';
import { migrations } from './migrations/index.js';
import { prepareRepeatedStatements } from './prepared-statements.js';
import type { RunAtOnce, SynchronousRead, WriteAtOnce } from './compiled-read.js';
import type { Database } from './tables.js';

// The PostgreSQL driver loads only when a PostgreSQL URL is used, so a SQLite app never holds it.
const require = createRequire(import.meta.url);

export type { Dialect } from './dialect.js';

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema named in the URL, if any. */
  schema?: string;
  /** SQLite only: runs a read at once on the connection (see compileRead). */
  readSynchronously?: SynchronousRead;
  /** SQLite only: runs a transaction at once on the connection (see WriteAtOnce). */
  writeAtOnce?: WriteAtOnce;
  /**
   * SQLite only: how many statements that may change the database this process has started on
   * its connection. When it has not moved, whatever changed was committed by another process.
   */
  writeStatementCount?: () => number;
  close(): Promise<void>;
}

interface OpenOptions {
  logger?: Pick<FastifyBaseLogger, 'warn'>;
  slowQueryMs?: number;
  /** Told of every query: its Kysely node kind (SelectQueryNode, ...), duration, and failure. */
  onQuery?: (nodeKind: string | undefined, ms: number, failed: boolean) => void;
}

/**
 * Opens the database named by DATABASE_URL: `sqlite:PATH` (WAL, foreign keys and secure
 * delete on) or `postgres://...`. A `schema` search parameter on a PostgreSQL URL selects the
 * schema, which is how tests run in a schema of their own.
 */
export function openDatabase(url: string, options: OpenOptions = {}): AppDatabase {
  const log = (event: LogEvent) => {
    options.onQuery?.(event.query.query?.kind, event.queryDurationMillis, event.level === 'error');
    if (
      event.level === 'query' &&
      options.logger &&
      event.queryDurationMillis >= (options.slowQueryMs ?? 200) &&
      !waitsForAnotherProcess(event.query.sql)
    ) {
      options.logger.warn(
        { sql: event.query.sql, ms: Math.round(event.queryDurationMillis) },
        'slow query',
      );
    }
  };

  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const parsed = new URL(url);
    const schema = parsed.searchParams.get('schema');
    parsed.searchParams.delete('schema');
    const pg = require('pg') as typeof pgModule;
    const pool = new pg.Pool({
      connectionString: parsed.toString(),
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    prepareRepeatedStatements(pool);
    // A dropped connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => options.logger?.warn({ err: error }, 'database connection error'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return { db, dialect: 'postgres', ...(schema ? { schema } : {}), close: () => db.destroy() };
  }

  const file = url.replace(/^sqlite:/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('busy_timeout = 5000');
  useWriteAheadLog(sqlite);
  sqlite.pragma('foreign_keys = ON');
  // Deleted rows are overwritten with zeros, not left readable in free pages of the file: a
  // deleted account must not be recoverable from it.
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('synchronous = NORMAL');
  // 8 MB of pages kept in the process (the driver's default is 16 MB): the hot indexes' upper
  // levels fit, and the operating system's file cache holds the rest for every process alike.
  sqlite.pragma('cache_size = -8192');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), log });
  // better-sqlite3 answers synchronously, so a read outside any transaction can skip Kysely's
  // connection queue: nothing else can run on the connection while it does.
  // These statements skip Kysely, and its log with them: they are timed here instead.
  const timed = <T>(kind: string, act: () => T): T => {
    if (!options.onQuery) return act();
    const started = performance.now();
    let failed = true;
    try {
      const result = act();
      failed = false;
      return result;
    } finally {
      options.onQuery(kind, performance.now() - started, failed);
    }
  };
  const readSynchronously: SynchronousRead = (query, parameters) => {
    if (sqlite.inTransaction) return undefined;
    return timed('SelectQueryNode', () => statements.prepare(query).all(parameters));
  };
  const runAtOnce: RunAtOnce = <Row>(query: CompiledQuery<Row>) =>
    timed(query.query.kind, () => {
      const statement = statements.prepare(query.sql);
      if (statement.reader) return statement.all(query.parameters) as Row[];
      statement.run(query.parameters);
      return [];
    });
  // Immediate: the transaction takes the write lock as it begins, so no other process can
  // commit between its statements, and a wait for the lock happens before any of them.
  const transactionAtOnce = sqlite.transaction((work: (run: RunAtOnce) => unknown) =>
    work(runAtOnce),
  );
  const writeAtOnce: WriteAtOnce = <T>(work: (run: RunAtOnce) => T) => {
    if (sqlite.inTransaction) return undefined;
    return { value: transactionAtOnce.immediate(work) as T };
  };
  return {
    db,
    dialect: 'sqlite',
    readSynchronously,
    writeAtOnce,
    writeStatementCount: () => statements.writeStatementCount,
    close: () => db.destroy(),
  };
}

/**
 * The app sends the same few hundred statements over and over; each is compiled by SQLite once
 * and reused. Kysely runs one query at a time on this connection, so a statement is never
 * busy when it is handed out again.
 */
function withStatementCache(sqlite: SQLite.Database, max = 1000) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    /**
     * Counted as each is handed out to run at once: Kysely prepares every query it runs. A
     * write in a transaction counts before its commit, which the connection's queue holds any
     * other query back from until it is done.
     */
    writeStatementCount: 0,
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= max) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      if (!statement.readonly) this.writeStatementCount += 1;
      return statement;
    },
  };
}

/** Applies every pending migration; safe when several processes start at once. */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Look for the bookkeeping tables in this schema only, not in any schema of the database.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const racesOtherProcesses = dialectOf(db) === 'sqlite';
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    // Kysely locks migrations across processes on PostgreSQL only. On SQLite, a process that
    // lost the race to another one starting at once had its transaction rolled back; once the
    // other has committed, trying again finds nothing left to apply.
    const tryAgain = racesOtherProcesses || (!failed && schemaDroppedDuringLookup(error));
    if (tryAgain && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      continue;
    }
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, {
      cause: error,
    });
  }
}

/**
 * A process starting beside another waits on PostgreSQL for the other's migrations and load of
 * the readings, each held under an advisory lock on purpose: that wait is not a slow query.
 */
function waitsForAnotherProcess(statement: string): boolean {
  return statement.includes('pg_advisory_xact_lock(') || statement.includes('pg_advisory_lock(');
}

/**
 * Before it migrates, Kysely looks for its bookkeeping tables by reading the columns of every
 * schema in the database. A schema another client drops during that read fails it ("schema
 * does not exist", or a table of it that does not), though this app's schema is untouched;
 * read again, the dropped schema is gone. A migration's own error is never retried.
 */
function schemaDroppedDuringLookup(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return code === '3F000' || code === '42P01';
}

/** How long a process starting beside another waits for the database's first switch to WAL. */
const WAL_SWITCH_WAIT_MS = 5000;

/**
 * Switches the database to write-ahead logging. Switching takes the whole file and SQLite
 * answers SQLITE_BUSY at once, without waiting, while another process that is starting at the
 * same moment holds it (switching, or migrating a fresh database): it is asked again shortly.
 */
function useWriteAheadLog(sqlite: SQLite.Database): void {
  const giveUpAt = Date.now() + WAL_SWITCH_WAIT_MS;
  for (;;) {
    try {
      sqlite.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
      if (!busy || Date.now() > giveUpAt) throw error;
      // Start-up only: a short blocking pause, before the server takes any request.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}
