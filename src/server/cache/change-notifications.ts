import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type pgModule from 'pg';

const require = createRequire(import.meta.url);

/** The channel migration 0017 notifies as each transaction that logs a change commits. */
export const CHANGES_CHANNEL = 'data_changes';
/** How the listening connection names itself to PostgreSQL (pg_stat_activity), with its pid. */
export const LISTENER_NAME = 'threefold-path changes';

/** Whether this process hears of every change as it commits. */
export interface ChangeNotifications {
  /**
   * True while listening, once the log has been read after the listening began: every change
   * committed since is being heard. False before, after a drop until listening again, and
   * after close; the cache then asks the database on each request.
   */
  readonly live: boolean;
  close(): Promise<void>;
}

interface ListenOptions {
  /** A PostgreSQL URL; a `schema` search parameter names the schema, as openDatabase reads it. */
  databaseUrl: string;
  /** Reads the change log up to now: after listening starts, and after each notification. */
  readLog: () => Promise<void>;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
  /** The connection's application_name; by default LISTENER_NAME and the process id. */
  name?: string;
  /** The first wait before listening again after a drop; it doubles up to `retryMostMs`. */
  retryFirstMs?: number;
  retryMostMs?: number;
  /** How often the listening connection is asked for a sign of life, and how long it has. */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
}

/**
 * Listens on PostgreSQL for the notification each committed change sends (docs/decisions/004),
 * and reads the change log when one arrives, so the cache lets go of what changed within
 * milliseconds and a warm request asks the database nothing. The connection is its own,
 * outside the pool. When it drops, or stops answering its heartbeat, `live` turns false at once
 * and listening starts again after a short wait.
 */
export function listenForChanges(options: ListenOptions): ChangeNotifications {
  const pg = require('pg') as typeof pgModule;
  const url = new URL(options.databaseUrl);
  const schema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  const retryFirst = options.retryFirstMs ?? 1000;
  const retryMost = options.retryMostMs ?? 10_000;
  const heartbeatTimeout = options.heartbeatTimeoutMs ?? 2000;

  let client: pgModule.Client | undefined;
  let live = false;
  let closed = false;
  let retryDelay = retryFirst;
  let retryTimer: NodeJS.Timeout | undefined;
  let schemaName: string | undefined;

  // One read of the log at a time; notifications that arrive during it ask for one more.
  let reading: Promise<void> | undefined;
  let readAgain = false;
  const readLog = (): Promise<void> => {
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          readAgain = false;
          await options.readLog();
        } while (readAgain);
      } finally {
        reading = undefined;
      }
    })();
    return reading;
  };

  const drop = (dropped: pgModule.Client, error?: unknown) => {
    if (client !== dropped) return;
    client = undefined;
    live = false;
    dropped.removeAllListeners();
    // A late error from a connection already let go must not crash the process.
    dropped.on('error', () => {});
    dropped.end().catch(() => {});
    if (closed) return;
    options.logger?.warn(
      { err: error, retryMs: retryDelay },
      'change notifications stopped: each request asks the database until they are back',
    );
    retryTimer = setTimeout(() => void listen(), retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, retryMost);
  };

  const listen = async () => {
    if (closed) return;
    const connection = new pg.Client({
      connectionString: url.toString(),
      application_name: options.name ?? `${LISTENER_NAME} ${process.pid}`,
      keepAlive: true,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    client = connection;
    connection.on('error', (error) => drop(connection, error));
    connection.on('end', () => drop(connection, new Error('connection ended')));
    connection.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || message.payload !== schemaName) return;
      if (client === connection) readLog().catch((error: unknown) => drop(connection, error));
    });
    try {
      await connection.connect();
      schemaName = (await connection.query<{ schema: string }>('select current_schema() as schema'))
        .rows[0]?.schema;
      await connection.query(`LISTEN ${CHANGES_CHANNEL}`);
      // Changes committed before the listening began were not notified to this connection.
      await readLog();
      if (client !== connection) return;
      live = true;
      retryDelay = retryFirst;
      options.logger?.info('listening for changes');
    } catch (error) {
      drop(connection, error);
    }
  };

  // A connection cut without a word (a network gone quiet) is found by its silence.
  const heartbeat = setInterval(() => {
    const connection = client;
    if (!connection || !live) return;
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer to the heartbeat')), heartbeatTimeout);
    });
    Promise.race([connection.query('select 1'), silence])
      .catch((error: unknown) => drop(connection, error))
      .finally(() => clearTimeout(timer));
  }, options.heartbeatMs ?? 5000);
  heartbeat.unref();

  void listen();

  return {
    get live() {
      return live;
    },
    async close() {
      closed = true;
      live = false;
      clearInterval(heartbeat);
      clearTimeout(retryTimer);
      const connection = client;
      client = undefined;
      if (!connection) return;
      connection.removeAllListeners();
      connection.on('error', () => {});
      await connection.end().catch(() => {});
    },
  };
}
