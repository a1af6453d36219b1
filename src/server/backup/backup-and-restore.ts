import path from 'node:path';
import { loadConfig } from '../config.js';
import {
  backupSqlite,
  defaultBackupFile,
  postgresBackupAdvice,
  restoreSqlite,
  sqliteFileOf,
} from './sqlite-backup.js';

export interface CommandResult {
  code: number;
  lines: string[];
}

const backupUsage = 'Usage: npm run backup -- [--out FILE]';
const restoreUsage = 'Usage: npm run restore -- FILE (stop the app first)';

/** `npm run backup -- [--out FILE]`: a snapshot of the configured SQLite database. */
export async function runBackup(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  now = new Date(),
): Promise<CommandResult> {
  const wantsOut = args[0] === '--out';
  const out = wantsOut ? args[1] : undefined;
  if (args.length !== (wantsOut ? 2 : 0) || (wantsOut && (!out || out.startsWith('-'))))
    return { code: 2, lines: [backupUsage] };
  const databaseFile = sqliteFileOf(loadConfig(env).databaseUrl);
  if (!databaseFile) return { code: 1, lines: postgresBackupAdvice };
  const target = path.resolve(out ?? defaultBackupFile(databaseFile, now));
  try {
    const bytes = await backupSqlite(databaseFile, target);
    return { code: 0, lines: [`Backed up ${databaseFile} to ${target} (${bytes} bytes).`] };
  } catch (error) {
    return { code: 1, lines: [`Backup failed: ${(error as Error).message}`] };
  }
}

/** `npm run restore -- FILE`: replaces the configured SQLite database with a backup. */
export async function runRestore(
  args: string[],
  env: Record<string, string | undefined> = process.env,
  now = new Date(),
): Promise<CommandResult> {
  if (args.length !== 1 || args[0]!.startsWith('-')) return { code: 2, lines: [restoreUsage] };
  const databaseFile = sqliteFileOf(loadConfig(env).databaseUrl);
  if (!databaseFile) return { code: 1, lines: postgresBackupAdvice };
  const from = path.resolve(args[0]!);
  try {
    const { replacedFile } = await restoreSqlite(databaseFile, from, now);
    return {
      code: 0,
      lines: [
        `Restored ${databaseFile} from ${from}.`,
        ...(replacedFile ? [`The database it replaced is kept as ${replacedFile}.`] : []),
      ],
    };
  } catch (error) {
    return { code: 1, lines: [`Nothing was restored: ${(error as Error).message}`] };
  }
}
