import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest, openDatabase } from '../db/connection.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database each test file copies (SQLite: a file; PostgreSQL: a database name). */
    migratedTemplate?: string;
  }
}

/**
 * Vitest's global setup for the API suite: migrates one template database for the whole run,
 * which each test file then copies instead of running every migration itself
 * (createMigratedTestDatabase in test-app.ts). Returns the teardown that removes it.
 */
export default async function setup(project: TestProject) {
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  if (onPostgres) {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) return;
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(base, `create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const template = openDatabase(url.toString());
    await migrateToLatest(template.db);
    // A database is copied only while nobody is connected to it.
    await template.close();
    project.provide('migratedTemplate', name);
    return async () => {
      await adminQuery(base, `drop database if exists ${name} with (force)`);
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-template-'));
  const file = path.join(dir, 'app.db');
  const template = openDatabase(`sqlite:${file}`);
  await migrateToLatest(template.db);
  // Closing the last connection folds the write-ahead log into the file, so one file is all.
  await template.close();
  project.provide('migratedTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

export async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
