import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { JournalEntry } from '#shared/journal-schemas';
import type { PendingSave } from './offline-outbox.js';

/**
 * The app's IndexedDB database for working without a connection: the outbox of reflections
 * waiting for the server, and the reader's own entries as last saved, so a reflection opened
 * offline shows what was written rather than an empty form.
 */
export const PENDING_SAVES = 'pending-saves';
export const KNOWN_ENTRIES = 'known-entries';

export interface OfflineSchema extends DBSchema {
  [PENDING_SAVES]: { key: [number, number]; value: PendingSave };
  [KNOWN_ENTRIES]: {
    key: [number, number];
    value: JournalEntry;
    indexes: { 'by-user': number };
  };
}

const DATABASE = 'threefold-offline';
const VERSION = 2;

let database: Promise<IDBPDatabase<OfflineSchema>> | undefined;

export function openOfflineDatabase(): Promise<IDBPDatabase<OfflineSchema>> {
  if (!database) {
    const opening = openDB<OfflineSchema>(DATABASE, VERSION, {
      upgrade(db, oldVersion) {
        if (oldVersion < 1)
          db.createObjectStore(PENDING_SAVES, { keyPath: ['userId', 'dayNumber'] });
        if (oldVersion < 2) {
          const known = db.createObjectStore(KNOWN_ENTRIES, { keyPath: ['userId', 'dayNumber'] });
          known.createIndex('by-user', 'userId');
        }
      },
      // A newer version of the app in another tab needs to upgrade: step aside for it.
      blocking() {
        database = undefined;
        void opening.then((db) => db.close());
      },
      terminated() {
        database = undefined;
      },
    });
    database = opening;
    opening.catch(() => {
      if (database === opening) database = undefined;
    });
  }
  return database;
}
