import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparedBy, queryPlan } from '../../test/sql-plans';
import { openDatabase } from '../storage/database';
import type { Database } from '../storage/database';
import type { PrintStore } from './print-store';
import { createPrintStore } from './print-store';

let dir: string;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'countertop-print-store-'));
  db = openDatabase(join(dir, 'core.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const job = (store: PrintStore, key: string) =>
  store.insert(
    {
      requestKey: key,
      document: 'kitchen-ticket',
      orderId: key,
      orderNumber: key,
      day: null,
      printerId: 'p1',
      origin: 'auto',
    },
    new Date().toISOString(),
  ) as string;

describe('print store', () => {
  it('reads and changes open jobs through the open-jobs index, never by reading every job', () => {
    let store: PrintStore | null = null;
    const sources = preparedBy(db, (recording) => {
      store = createPrintStore(recording);
    });
    // A long day: thousands of printed jobs behind a few open ones.
    const printed = db.prepare("UPDATE print_jobs SET state = 'printed' WHERE id = ?");
    db.transaction(() => {
      for (let i = 0; i < 3_000; i += 1) printed.run(job(store as unknown as PrintStore, `d${i}`));
    })();
    const byState = sources.filter((source) => /WHERE .*state (=|IN)/.test(source));
    expect(byState.length).toBeGreaterThanOrEqual(6);
    // Only the newest finished jobs may be walked from the end of the table (they stop at LIMIT).
    const scanning = byState
      .filter((source) => !/LIMIT/.test(source))
      .filter((source) => /SCAN print_jobs/.test(queryPlan(db, source)));
    expect(scanning).toEqual([]);
  });

  it("gives a printer's due jobs oldest first: queued ones and waiting ones that did not stop mid-ticket", () => {
    const store = createPrintStore(db);
    const a = job(store, 'a');
    const b = job(store, 'b');
    const c = job(store, 'c');
    const d = job(store, 'd');
    for (const id of [a, b, c]) expect(store.markPrinting(id)).toBe(true);
    store.markPrinted(a, new Date().toISOString());
    store.markWaiting(b, 'offline', false);
    store.markWaiting(c, 'paper out mid-ticket', true);
    expect(store.due('p1').map((j) => j.id)).toEqual([b, d]);
    expect(store.queuedToWaiting('p1', 'offline').map((j) => j.id)).toEqual([d]);
    expect(store.due('p1').map((j) => j.id)).toEqual([b, d]);
    expect(store.markPrinting(d)).toBe(true);
    expect(store.recoverInterrupted().map((j) => j.id)).toEqual([d]);
    expect(store.due('p1').map((j) => j.id)).toEqual([b]);
  });

  it('names each job a write changed, once, and lists the ids recent lists without reading the jobs', () => {
    const store = createPrintStore(db);
    const a = job(store, 'a');
    const b = job(store, 'b');
    expect(job(store, 'a')).toBeNull();
    expect(store.takeTouched().sort()).toEqual([a, b].sort());
    expect(store.takeTouched()).toEqual([]);
    // A write that changes nothing names nothing.
    expect(store.requeue(a)).toBe(false);
    expect(store.takeTouched()).toEqual([]);
    store.markPrinting(a);
    store.markPrinted(a, new Date().toISOString());
    store.cancel(b);
    expect(store.takeTouched().sort()).toEqual([a, b].sort());
    const c = job(store, 'c');
    for (const limit of [1, 2, 3, 50])
      expect(store.recentIds(limit)).toEqual(store.recent(limit).map((j) => j.id));
    expect(store.recentIds(2)).toEqual([b, c]);
  });
});
