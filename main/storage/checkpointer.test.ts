import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { openDatabase } from './database';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'countertop-checkpoint-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const fill = (db: ReturnType<typeof openDatabase>, rows: number): void => {
  const insert = db.prepare('INSERT INTO filler (v) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < rows; i += 1) insert.run('x'.repeat(1_000));
  })();
};

describe('WAL checkpoints on a thread of their own', () => {
  it('main’s commits leave the WAL alone; the worker copies it into the database file', async () => {
    const path = join(root, 'worker.db');
    const db = openDatabase(path);
    db.exec('CREATE TABLE filler (v TEXT)');
    const checkpointer = startCheckpointer(db, { everyMs: 60_000 });
    try {
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const before = statSync(path).size;
      // About 5 MB: past SQLite's 1,000-page threshold, where main's commit would checkpoint.
      fill(db, 5_000);
      expect(statSync(path).size).toBe(before);
      expect(statSync(`${path}-wal`).size).toBeGreaterThan(4_000_000);
      await checkpointer.checkpoint();
      expect(statSync(path).size).toBeGreaterThan(4_000_000);
      expect(db.prepare('SELECT count(*) FROM filler').pluck().get()).toBe(5_000);
    } finally {
      await checkpointer.close();
    }
    // Closed, main's connection checkpoints on its own again (and at its own close).
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000);
    db.close();
  });

  it('checkpoints by itself once main has committed', async () => {
    const path = join(root, 'timer.db');
    const db = openDatabase(path);
    db.exec('CREATE TABLE filler (v TEXT)');
    const checkpointer = startCheckpointer(db, { everyMs: 20 });
    try {
      const before = statSync(path).size;
      fill(db, 2_000);
      await expect
        .poll(() => statSync(path).size, { timeout: 10_000 })
        .toBeGreaterThan(before + 1_000_000);
    } finally {
      await checkpointer.close();
      db.close();
    }
  });
});
