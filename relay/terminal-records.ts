// Everything this instance keeps about one terminal, in one record: its key's cache entry, its
// rate buckets, its polls counted for the other instances and what they reported, and when its
// presence was last noted. One map holds the records (plus the index of key hashes to ids), so a
// terminal that goes (revoked, or the oldest pushed out at the cap) leaves nothing behind: the
// limiters, the shared usage and the presence keep their data in the terminal's record, through
// the `slot` views below, never in maps of their own.
import type { Terminal } from './store/event-store';

export type Bucket = { tokens: number; at: number };

/** What other instances last reported of a terminal's polls, by instance id. */
export type Elsewhere = Map<string, { polls: number; open: number }>;

type Slots = {
  pollBucket: Bucket;
  callBucket: Bucket;
  driveBucket: Bucket;
  /** Polls this instance let through (reported to the others, shared-usage.ts). */
  pollsTaken: number;
  elsewhere: Elsewhere;
  /** When this instance last noted the terminal as heard from (presence.ts). */
  notedAt: number;
};

export type SlotName = keyof Slots;

export type TerminalRecord = Partial<Slots> & {
  /** The active terminal, once its key was checked here (null: known only by id so far). */
  terminal: Terminal | null;
  keyHash: string | null;
};

/** One slot of every record, as a map by terminal id (what the limiters and the rest use). */
export type SlotView<V> = {
  get(id: string): V | undefined;
  set(id: string, value: V): void;
  delete(id: string): void;
  /** The records holding this slot, with its value. */
  entries(): IterableIterator<[string, V]>;
};

export type TerminalRecords = ReturnType<typeof createTerminalRecords>;

/** Records kept at most: past it the oldest record goes (it is rebuilt from the store if it calls). */
export const MAX_TERMINAL_RECORDS = 100_000;

const SLOT_NAMES: readonly SlotName[] = [
  'pollBucket',
  'callBucket',
  'driveBucket',
  'pollsTaken',
  'elsewhere',
  'notedAt',
];

export function createTerminalRecords(max = MAX_TERMINAL_RECORDS) {
  const records = new Map<string, TerminalRecord>();
  /** Key hash → terminal id: an index of the records, entries removed with them. */
  const idOfKey = new Map<string, string>();

  const remove = (id: string): void => {
    const record = records.get(id);
    if (!record) return;
    records.delete(id);
    if (record.keyHash !== null) idOfKey.delete(record.keyHash);
  };

  const recordOf = (id: string): TerminalRecord => {
    let record = records.get(id);
    if (!record) {
      if (records.size >= max) remove(records.keys().next().value as string);
      record = { terminal: null, keyHash: null };
      records.set(id, record);
    }
    return record;
  };

  /** A record with no terminal and no slot left holds nothing: it goes. */
  const dropIfEmpty = (id: string, record: TerminalRecord): void => {
    if (record.terminal !== null) return;
    if (SLOT_NAMES.some((name) => record[name] !== undefined)) return;
    remove(id);
  };

  return {
    /** The cached active terminal of a key hash, if this instance checked it before. */
    byKey(keyHash: string): Terminal | null {
      const id = idOfKey.get(keyHash);
      return id === undefined ? null : (records.get(id)?.terminal ?? null);
    },
    /** Caches a key's active terminal (read from the store). */
    remember(keyHash: string, terminal: Terminal): void {
      const record = recordOf(terminal.id);
      if (record.keyHash !== null && record.keyHash !== keyHash) idOfKey.delete(record.keyHash);
      record.terminal = terminal;
      record.keyHash = keyHash;
      idOfKey.set(keyHash, terminal.id);
    },
    /** The terminal went (revoked): everything kept about it goes with its record. */
    forget(id: string): void {
      remove(id);
    },
    get(id: string): TerminalRecord | undefined {
      return records.get(id);
    },
    get size(): number {
      return records.size;
    },
    slot<K extends SlotName>(name: K): SlotView<Slots[K]> {
      return {
        get: (id) => records.get(id)?.[name] as Slots[K] | undefined,
        set: (id, value) => {
          recordOf(id)[name] = value as TerminalRecord[K];
        },
        delete: (id) => {
          const record = records.get(id);
          if (!record) return;
          delete record[name];
          dropIfEmpty(id, record);
        },
        *entries() {
          for (const [id, record] of records) {
            const value = record[name];
            if (value !== undefined) yield [id, value as Slots[K]];
          }
        },
      };
    },
  };
}
