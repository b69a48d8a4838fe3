import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core';
import { createMemorySecretStore } from '../secrets/secret-store';
import { commitLazily, openDatabase } from './database';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'countertop-modes-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const mode = (path: string): number => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')(
  'the data folder holds customers’ data privately',
  () => {
    it('the core creates its folder 0700 and the database, WAL and SHM files 0600, whatever the umask', async () => {
      const dataDir = join(root, 'fresh', 'countertop');
      const previous = process.umask(0o000);
      let core: Awaited<ReturnType<typeof startCore>> | null = null;
      try {
        core = await startCore({ dataDir, secretStore: createMemorySecretStore() });
        expect(mode(dataDir)).toBe(0o700);
        for (const file of ['countertop.db', 'countertop.db-wal', 'countertop.db-shm'])
          expect(mode(join(dataDir, file)), file).toBe(0o600);
      } finally {
        process.umask(previous);
        await core?.close();
      }
    });

    it('an install from before the rule is tightened when it opens', () => {
      const dataDir = join(root, 'old');
      mkdirSync(dataDir, { mode: 0o755 });
      chmodSync(dataDir, 0o755);
      const path = join(dataDir, 'countertop.db');
      openDatabase(path).close();
      for (const file of [path, `${path}-wal`, `${path}-shm`]) {
        writeFileSync(file, '', { flag: 'a' });
        chmodSync(file, 0o644);
      }
      chmodSync(dataDir, 0o755);
      const db = openDatabase(path);
      try {
        expect(mode(dataDir)).toBe(0o700);
        for (const file of [path, `${path}-wal`, `${path}-shm`])
          expect(mode(file), file).toBe(0o600);
      } finally {
        db.close();
      }
    });
  },
);

describe('commits that need not wait for the disk', () => {
  it('commit at synchronous=NORMAL, leave every other commit at FULL, also after a failure', () => {
    const db = openDatabase(join(root, 'lazy.db'));
    try {
      db.exec('CREATE TABLE lazy (v TEXT)');
      const level = () => db.pragma('synchronous', { simple: true });
      expect(level()).toBe(2);
      const seen = commitLazily(db, () => {
        db.prepare('INSERT INTO lazy VALUES (?)').run('a');
        return level();
      });
      expect(seen).toBe(1);
      expect(level()).toBe(2);
      expect(() =>
        commitLazily(db, () => {
          db.prepare('INSERT INTO lazy VALUES (?)').run('b');
          throw new Error('refused');
        }),
      ).toThrow('refused');
      expect(level()).toBe(2);
      // Inside another transaction it is a savepoint: its failure undoes only its own writes,
      // and the outer commit (FULL) decides.
      db.transaction(() => {
        db.prepare('INSERT INTO lazy VALUES (?)').run('c');
        expect(() =>
          commitLazily(db, () => {
            db.prepare('INSERT INTO lazy VALUES (?)').run('d');
            throw new Error('refused');
          }),
        ).toThrow('refused');
        commitLazily(db, () => db.prepare('INSERT INTO lazy VALUES (?)').run('e'));
        expect(level()).toBe(2);
      })();
      expect(db.prepare('SELECT v FROM lazy ORDER BY rowid').pluck().all()).toEqual([
        'a',
        'c',
        'e',
      ]);
    } finally {
      db.close();
    }
  });
});
