import path from 'node:path';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/connection.js';
import { loadPack, readPackFolder } from './content-pack-files.js';

/**
 * Validates the pack folder `dir` and loads it whole, or not at all, into the database that
 * `env` configures. Returns the exit code and what to tell the operator.
 */
export async function runContentImport(
  dir: string | undefined,
  env: Record<string, string | undefined> = process.env,
): Promise<{ code: number; lines: string[] }> {
  if (!dir)
    return {
      code: 2,
      lines: ['Usage: npm run content:import -- PATH (a folder with pack.json and readings/)'],
    };
  const config = loadConfig(env);
  const folder = path.resolve(dir);
  const result = await readPackFolder(folder);
  if (!result.ok) {
    return {
      code: 1,
      lines: [
        `The pack in ${folder} is not valid; nothing was loaded:`,
        ...result.errors.map((e) => `  - ${e}`),
      ],
    };
  }
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.schema);
    // The shipped folder counts as shipped, so later starts keep it in step with the code.
    const source = folder === path.resolve(config.contentDir) ? config.contentDir : folder;
    await loadPack(
      database.db,
      result.pack,
      { name: source, checksum: result.checksum },
      new Date(),
    );
    return {
      code: 0,
      lines: [
        `Loaded ${result.pack.readings.length} readings and ${result.pack.gathaInfo.length} Gatha info rows from ${folder}.`,
      ],
    };
  } finally {
    await database.close();
  }
}
