import { describe, expect, it } from 'vitest';
import { runBackup, runRestore } from './backup-and-restore.js';

const sqliteEnv = { DATABASE_URL: 'sqlite:./data/never-created.db' };

describe('backup and restore commands', () => {
  it('answer a wrong command line with its usage and exit code 2', async () => {
    for (const args of [['--out'], ['--out', '--json'], ['extra'], ['--out', 'a.db', 'b']]) {
      expect(await runBackup(args, sqliteEnv)).toEqual({
        code: 2,
        lines: ['Usage: npm run backup -- [--out FILE]'],
      });
    }
    for (const args of [[], ['a.db', 'b.db'], ['--force']]) {
      expect(await runRestore(args, sqliteEnv)).toEqual({
        code: 2,
        lines: ['Usage: npm run restore -- FILE (stop the app first)'],
      });
    }
  });

  it('say why nothing happened when the database or the backup file is missing', async () => {
    const backup = await runBackup(['--out', '/tmp/threefold-never.db'], sqliteEnv);
    expect(backup.code).toBe(1);
    expect(backup.lines[0]).toMatch(/^Backup failed: .*never-created\.db does not exist$/);
    const restore = await runRestore(['/tmp/threefold-no-such-backup.db'], sqliteEnv);
    expect(restore).toEqual({
      code: 1,
      lines: ['Nothing was restored: /tmp/threefold-no-such-backup.db does not exist'],
    });
  });
});
