import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/connection.js';
import { loadPack, readPackFolder } from './content-pack-files.js';

/** npm run content:import -- PATH: validates a pack folder and loads it whole, or not at all. */
async function importPack(): Promise<number> {
  const dir = process.argv[2];
  if (!dir) {
    console.error('Usage: npm run content:import -- PATH (a folder with pack.json and readings/)');
    return 2;
  }
  const config = loadConfig();
  const folder = path.resolve(dir);
  const result = await readPackFolder(folder);
  if (!result.ok) {
    console.error(`The pack in ${folder} is not valid; nothing was loaded:`);
    for (const error of result.errors) console.error(`  - ${error}`);
    return 1;
  }
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db, database.schema);
    // The shipped folder counts as shipped, so later starts keep it in step with the code.
    const source = folder === path.resolve(config.contentDir) ? config.contentDir : folder;
    await loadPack(database.db, result.pack, { name: source, checksum: result.checksum }, new Date());
    console.log(`Loaded ${result.pack.readings.length} readings and ${result.pack.gathaInfo.length} Gatha info rows from ${folder}.`);
    return 0;
  } finally {
    await database.close();
  }
}

importPack().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
