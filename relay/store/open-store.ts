import type { EventStore } from './event-store';
import {
  isPostgresUrl,
  openPostgresStore,
  type PostgresStoreOptions,
} from './postgres/postgres-store';
import { openSqliteStore } from './sqlite-store';

/** Where the relay's events live: a SQLite file path, or a postgres:// URL shared by instances. */
export type StoreLocation = string;

export function openStore(
  location: StoreLocation,
  options: PostgresStoreOptions = {},
): Promise<EventStore> {
  return isPostgresUrl(location)
    ? openPostgresStore(location, options)
    : Promise.resolve(openSqliteStore(location));
}

/** Runs fn on a store opened for it, then closes the store. */
export async function withStore<T>(
  location: StoreLocation,
  fn: (store: EventStore) => Promise<T>,
): Promise<T> {
  const store = await openStore(location, { follow: false });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
