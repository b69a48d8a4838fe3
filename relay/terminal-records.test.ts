// One record per terminal: the key cache, the rate buckets, the shared poll usage and the presence
// note all live in it, so forgetting a terminal (a revocation) leaves nothing of it anywhere.
import { afterEach, describe, expect, it } from 'vitest';
import { createPresence } from './presence';
import { createRateLimiter } from './rate-limit';
import { openSqliteStore } from './store/sqlite-store';
import type { EventStore, Terminal } from './store/event-store';
import { createTerminalRecords } from './terminal-records';
import { tempDir } from './testing/test-support';

const terminal = (id: string): Terminal => ({
  id,
  name: null,
  venueIds: [`venue-${id}`],
  createdAt: 0,
  revokedAt: null,
});

describe('terminal records', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The relay's per-terminal parts, built on one set of records as relay-context.ts builds them. */
  const parts = () => {
    const dir = tempDir();
    const store: EventStore = openSqliteStore(dir.dbPath);
    cleanups.push(dir.remove, () => store.close());
    let clock = 1_000_000;
    const now = () => clock;
    const records = createTerminalRecords();
    const polls = createRateLimiter({ perSecond: 1, burst: 2 }, now, records.slot('pollBucket'));
    const calls = createRateLimiter({ perSecond: 1, burst: 2 }, now, records.slot('callBucket'));
    const presence = createPresence({ now }, store, undefined, records.slot('notedAt'));
    cleanups.push(() => presence.flush());
    return { records, polls, calls, presence, advance: (ms: number) => (clock += ms) };
  };

  it("keeps a terminal's key, buckets, usage and presence in its one record, and forgets them together", () => {
    const { records, polls, calls, presence } = parts();
    records.remember('hash-a', terminal('a'));
    records.remember('hash-b', terminal('b'));
    expect(polls.take('a')).toBe(0);
    expect(polls.take('a')).toBe(0);
    expect(polls.take('a')).toBeGreaterThan(0);
    expect(calls.take('a')).toBe(0);
    presence.seen('a');
    records.slot('pollsTaken').set('a', 2);
    records.slot('elsewhere').set('a', new Map([['other-instance', { polls: 1, open: 1 }]]));

    const record = records.get('a');
    expect(record?.terminal?.id).toBe('a');
    expect(record?.keyHash).toBe('hash-a');
    expect(record?.pollBucket).toBeDefined();
    expect(record?.callBucket).toBeDefined();
    expect(record?.notedAt).toBeDefined();
    expect(record?.pollsTaken).toBe(2);
    expect(record?.elsewhere?.size).toBe(1);
    expect(records.size).toBe(2);

    records.forget('a');
    expect(records.get('a')).toBeUndefined();
    expect(records.byKey('hash-a')).toBeNull();
    for (const name of [
      'pollBucket',
      'callBucket',
      'notedAt',
      'pollsTaken',
      'elsewhere',
    ] as const) {
      expect([...records.slot(name).entries()].map(([id]) => id)).not.toContain('a');
    }
    // Nothing of the other terminal went with it.
    expect(records.byKey('hash-b')?.id).toBe('b');
    expect(records.size).toBe(1);
    // A terminal with the same id starts afresh: its bucket was not kept anywhere else.
    expect(polls.take('a')).toBe(0);
  });

  it('drops a record known only by its slots once the last slot goes, and keeps a cached terminal', () => {
    const { records, polls, advance } = parts();
    records.remember('hash-a', terminal('a'));
    expect(polls.take('a')).toBe(0);
    expect(polls.take('other')).toBe(0);
    expect(records.size).toBe(2);
    advance(10_000);
    polls.sweep();
    expect(records.get('other')).toBeUndefined();
    expect(records.get('a')?.pollBucket).toBeUndefined();
    expect(records.byKey('hash-a')?.id).toBe('a');
    expect(records.size).toBe(1);
  });

  it('at its cap pushes out the oldest record with its key', () => {
    const records = createTerminalRecords(2);
    records.remember('hash-a', terminal('a'));
    records.remember('hash-b', terminal('b'));
    records.remember('hash-c', terminal('c'));
    expect(records.size).toBe(2);
    expect(records.byKey('hash-a')).toBeNull();
    expect(records.byKey('hash-c')?.id).toBe('c');
  });
});
