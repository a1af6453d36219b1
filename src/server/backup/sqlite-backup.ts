import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** The file behind a `sqlite:PATH` DATABASE_URL, or null for PostgreSQL. */
export function sqliteFileOf(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:') throw new Error('An in-memory database cannot be backed up');
  return path.resolve(file);
}

export const postgresBackupAdvice = [
  'DATABASE_URL points at PostgreSQL; back it up with its own tools, for example:',
  '  pg_dump --format=custom --file=threefold.dump "$DATABASE_URL"',
  'and, with the app stopped, bring one back with:',
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" threefold.dump',
];

function timestamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

export function defaultBackupFile(databaseFile: string, now: Date): string {
  const name = path.basename(databaseFile).replace(/\.db$/, '');
  return path.join(path.dirname(databaseFile), 'backups', `${name}-${timestamp(now)}.db`);
}

function fsyncPath(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `to` through a temporary file that is fsynced and then renamed into place. */
async function writeDurably(
  to: string,
  write: (tempFile: string) => Promise<void> | void,
  beforeRename: () => void = () => undefined,
): Promise<void> {
  const temp = `${to}.partial-${process.pid}`;
  try {
    await write(temp);
    fsyncPath(temp);
    beforeRename();
    fs.renameSync(temp, to);
    fsyncPath(path.dirname(to));
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Fails unless `file` is an intact SQLite database of this app. */
export function checkAppDatabase(file: string): void {
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist`);
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    let tables: Set<string>;
    try {
      const check = db.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(String(check));
      tables = new Set(
        db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
      );
    } catch (error) {
      throw new Error(`${file} is not an intact SQLite database: ${(error as Error).message}`);
    }
    if (!['kysely_migration', 'users', 'journal_entries'].every((t) => tables.has(t))) {
      throw new Error(`${file} is not a Threefold Path database`);
    }
  } finally {
    db.close();
  }
}

/**
 * Writes a consistent snapshot of the live database to `out` with SQLite's online backup,
 * which copies committed pages only and starts over if a write lands mid-copy, so the app
 * keeps serving meanwhile.
 */
export async function backupSqlite(databaseFile: string, out: string): Promise<number> {
  checkAppDatabase(databaseFile);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const source = new SQLite(databaseFile, { fileMustExist: true, timeout: 5_000 });
  try {
    await writeDurably(out, async (temp) => {
      await source.backup(temp);
      asSingleFile(temp);
    });
  } finally {
    source.close();
  }
  checkAppDatabase(out);
  return fs.statSync(out).size;
}

/** Switches a copy out of WAL mode, so the file alone holds everything (the app turns WAL back on). */
function asSingleFile(file: string): void {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** True while another connection (a running app) has the database open. */
function isInUse(databaseFile: string): boolean {
  const db = new SQLite(databaseFile, { fileMustExist: true, timeout: 0 });
  try {
    // Leaving WAL mode needs the only connection; an app holding the file makes this fail.
    db.pragma('journal_mode = DELETE');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    db.close();
  }
}

/**
 * Replaces the database file with the backup `from`: refuses while the app has it open,
 * keeps the replaced file beside it, and drops its stale -wal and -shm files.
 */
export async function restoreSqlite(
  databaseFile: string,
  from: string,
  now: Date,
): Promise<{ replacedFile: string | null }> {
  checkAppDatabase(from);
  let replacedFile: string | null = null;
  if (fs.existsSync(databaseFile)) {
    if (isInUse(databaseFile)) {
      throw new Error(`${databaseFile} is open in a running app; stop the app, then restore again`);
    }
    replacedFile = `${databaseFile}.replaced-${timestamp(now)}`;
  }
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  await writeDurably(
    databaseFile,
    (temp) => {
      fs.copyFileSync(from, temp);
      asSingleFile(temp);
    },
    () => {
      if (replacedFile) fs.linkSync(databaseFile, replacedFile);
      // A log left beside the old file must never be replayed into the restored one.
      for (const suffix of ['-wal', '-shm', '-journal']) {
        fs.rmSync(`${databaseFile}${suffix}`, { force: true });
      }
    },
  );
  return { replacedFile };
}
