import { chmodSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from '../core';
import { createMemorySecretStore } from '../secrets/secret-store';
import { commitLazily, createWalFlush, openDatabase } from './database';

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

describe('commits reach the disk off main’s loop', () => {
  const deferred = () => {
    let resolve = (): void => undefined;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('a flush resolves only after the WAL is fsynced, and fsyncs nothing when nothing was committed', async () => {
    const path = join(root, 'flush.db');
    const db = openDatabase(path);
    const synced: string[] = [];
    const gate = deferred();
    const wal = createWalFlush(db, async (file) => {
      synced.push(file);
      await gate.promise;
    });
    try {
      // Commits do not wait for the disk themselves: the flush does.
      expect(db.pragma('synchronous', { simple: true })).toBe(1);
      await wal.flush();
      expect(synced).toEqual([]);
      db.exec('CREATE TABLE t (v TEXT)');
      db.prepare('INSERT INTO t VALUES (?)').run('a');
      let flushed = false;
      const flushing = wal.flush().then(() => {
        flushed = true;
      });
      await tick();
      expect(synced).toEqual([`${path}-wal`]);
      expect(flushed).toBe(false);
      gate.resolve();
      await flushing;
      expect(flushed).toBe(true);
      // Already on disk: no second fsync.
      await wal.flush();
      expect(synced).toHaveLength(1);
    } finally {
      gate.resolve();
      await wal.close();
      db.close();
    }
  });

  it('commits made while an fsync runs share one more fsync after it', async () => {
    const db = openDatabase(join(root, 'shared.db'));
    const gates = [deferred(), deferred()];
    let calls = 0;
    const wal = createWalFlush(db, async () => {
      const gate = gates[calls];
      calls += 1;
      await gate?.promise;
    });
    try {
      db.exec('CREATE TABLE t (v TEXT)');
      db.prepare('INSERT INTO t VALUES (?)').run('a');
      const first = wal.flush();
      // The same commits: waits for the fsync under way, no new one.
      const same = wal.flush();
      db.prepare('INSERT INTO t VALUES (?)').run('b');
      let laterDone = 0;
      const later = [wal.flush(), wal.flush(), wal.flush()].map((p) =>
        p.then(() => {
          laterDone += 1;
        }),
      );
      await tick();
      expect(calls).toBe(1);
      gates[0]!.resolve();
      await Promise.all([first, same]);
      await tick();
      // The fsync under way may have started before 'b': the three wait for one more, together.
      expect(laterDone).toBe(0);
      expect(calls).toBe(2);
      gates[1]!.resolve();
      await Promise.all(later);
      expect(calls).toBe(2);
    } finally {
      gates.forEach((gate) => gate.resolve());
      await wal.close();
      db.close();
    }
  });

  it('fsyncs the real WAL file, and a closed database’s missing WAL is nothing to flush', async () => {
    const path = join(root, 'real.db');
    const db = openDatabase(path);
    const wal = createWalFlush(db);
    db.exec('CREATE TABLE t (v TEXT)');
    db.prepare('INSERT INTO t VALUES (?)').run('a');
    await wal.flush();
    await wal.close();
    db.close();
    const again = openDatabase(path);
    const flush = createWalFlush(again);
    try {
      expect(again.prepare('SELECT v FROM t').pluck().all()).toEqual(['a']);
      again.close();
      rmSync(`${path}-wal`, { force: true });
      await flush.flush();
    } finally {
      await flush.close();
      if (again.open) again.close();
    }
  });

  it('a lazy commit is one transaction, a savepoint inside another', () => {
    const db = openDatabase(join(root, 'lazy.db'));
    try {
      db.exec('CREATE TABLE lazy (v TEXT)');
      expect(() =>
        commitLazily(db, () => {
          db.prepare('INSERT INTO lazy VALUES (?)').run('b');
          throw new Error('refused');
        }),
      ).toThrow('refused');
      commitLazily(db, () => db.prepare('INSERT INTO lazy VALUES (?)').run('a'));
      // Inside another transaction it is a savepoint: its failure undoes only its own writes.
      db.transaction(() => {
        db.prepare('INSERT INTO lazy VALUES (?)').run('c');
        expect(() =>
          commitLazily(db, () => {
            db.prepare('INSERT INTO lazy VALUES (?)').run('d');
            throw new Error('refused');
          }),
        ).toThrow('refused');
        commitLazily(db, () => db.prepare('INSERT INTO lazy VALUES (?)').run('e'));
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
