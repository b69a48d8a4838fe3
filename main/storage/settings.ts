import type { Database } from './database';

/** Small JSON values by key (never secrets: those go to the keychain). */
export type Settings = {
  get<T>(key: string): T | null;
  set(key: string, value: unknown): void;
  delete(key: string): void;
};

export const createSettings = (db: Database): Settings => {
  const select = db.prepare<[string], { value: string }>(
    'SELECT value FROM settings WHERE key = ?',
  );
  const upsert = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const remove = db.prepare('DELETE FROM settings WHERE key = ?');
  return {
    get: <T>(key: string): T | null => {
      const row = select.get(key);
      return row ? (JSON.parse(row.value) as T) : null;
    },
    set: (key, value) => {
      upsert.run(key, JSON.stringify(value));
    },
    delete: (key) => {
      remove.run(key);
    },
  };
};

/** One owner's part of the settings (e.g. one venue's grant details), its keys under `prefix`. */
export const scopedSettings = (settings: Settings, prefix: string): Settings => ({
  get: <T>(key: string): T | null => settings.get<T>(`${prefix}${key}`),
  set: (key, value) => settings.set(`${prefix}${key}`, value),
  delete: (key) => settings.delete(`${prefix}${key}`),
});
