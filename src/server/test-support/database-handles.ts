import { afterAll, beforeAll } from 'vitest';
import { type AppDatabase, migrateToLatest, openDatabase } from '../db/connection.js';
import { createMigratedTestDatabase, createTestApp, type TestApp } from './test-app.js';

export interface TwoHandles {
  /** The handle changes are made through, as by another process. */
  writer: AppDatabase;
  /** The handle of the process under test. */
  reader: AppDatabase;
}

/**
 * A fresh, migrated database for this test file with two handles on it, as two processes would
 * have: opened before its tests, closed and dropped after them.
 */
export function twoHandles(): TwoHandles {
  const handles = {} as TwoHandles;
  let drop = async () => {};
  beforeAll(async () => {
    const database = await createMigratedTestDatabase();
    handles.writer = openDatabase(database.url);
    await migrateToLatest(handles.writer.db, handles.writer.schema);
    handles.reader = openDatabase(database.url);
    drop = database.drop;
  });
  afterAll(async () => {
    await handles.reader.close();
    await handles.writer.close();
    await drop();
  });
  return handles;
}

export interface AppAndDatabase {
  t: TestApp;
  /** A second handle on the app's database, for what the API does not show. */
  database: AppDatabase;
}

/** A test app for this test file and a handle on its database, closed after its tests. */
export function appAndDatabase(): AppAndDatabase {
  const handles = {} as AppAndDatabase;
  beforeAll(async () => {
    handles.t = await createTestApp();
    handles.database = openDatabase(handles.t.databaseUrl);
  });
  afterAll(async () => {
    await handles.database.close();
    await handles.t.close();
  });
  return handles;
}
