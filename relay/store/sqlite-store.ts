// The relay's event store on one SQLite file, for a single relay instance (the PostgreSQL store
// serves several). Each concern is its own file of module-level functions over a SqliteContext
// (sqlite-context.ts): sqlite-events.ts the log, sqlite-terminals.ts the terminals,
// sqlite-delivery.ts the per-venue delivery secrets, sqlite-drive.ts the merchants' delivery
// credentials; this file only opens the file and composes them.
import type { EventStore } from './event-store';
import { createSqliteContext } from './sqlite-context';
import { deliveryOrderVenue, deliverySecrets, secretRotation } from './sqlite-delivery';
import { sqliteDriveStore } from './sqlite-drive';
import { noteVenuePolls, noteVenueReport, venueIntake } from './sqlite-intake';
import {
  noteTerminalReport,
  noteTerminalTrouble,
  noteTerminalsSeen,
  terminalPresence,
  terminalTrouble,
} from './sqlite-presence';
import { sqliteVenueStore } from './sqlite-venue';
import { appender, listEvents, pruneBefore, renewLogIdIn } from './sqlite-events';
import {
  findActiveTerminal,
  insertTerminals,
  listTerminalsIn,
  venueTerminalsIn,
  revokedSince,
  revokeTerminalIn,
} from './sqlite-terminals';

export function openSqliteStore(path: string): EventStore {
  const ctx = createSqliteContext(path);
  const { db } = ctx;
  const rotateDeliverySecret = secretRotation(ctx);
  return {
    ...sqliteDriveStore(db),
    ...sqliteVenueStore(db),
    appendBatch: appender(ctx),
    async logId() {
      return ctx.statements.logId.get() as string;
    },
    async listEvents(venueIds, after, limit) {
      return listEvents(ctx, venueIds, after, limit);
    },
    async findActiveTerminal(keyHash) {
      return findActiveTerminal(ctx, keyHash);
    },
    async revokedSince(cursor) {
      return revokedSince(ctx, cursor);
    },
    async pruneBefore(time) {
      return pruneBefore(ctx, time);
    },
    onAppended(listener) {
      ctx.listeners.add(listener);
      return () => ctx.listeners.delete(listener);
    },
    // Another process's revocation is found by the relay's periodic revokedSince: no hint here.
    onRevoked() {
      return () => undefined;
    },
    async createTerminals(terminals) {
      insertTerminals(db, terminals);
    },
    async revokeTerminal(id, at) {
      return revokeTerminalIn(db, id, at);
    },
    async listTerminals() {
      return listTerminalsIn(db);
    },
    async venueTerminals(venueIds) {
      return venueTerminalsIn(db, venueIds);
    },
    async setDeliverySecret(venueId, secret, at, previousUntil) {
      rotateDeliverySecret(venueId, secret, at, previousUntil);
    },
    async deliverySecrets(venueId, at) {
      return deliverySecrets(ctx, venueId, at);
    },
    async deliveryOrderVenue(orderRef) {
      return deliveryOrderVenue(ctx, orderRef);
    },
    async venueIntake(venueIds) {
      return venueIntake(ctx, venueIds);
    },
    async noteVenueReport(venueId, state, at) {
      noteVenueReport(ctx, venueId, state, at);
    },
    async noteVenuePolls(polls) {
      noteVenuePolls(ctx, polls);
      return [];
    },
    async noteTerminalsSeen(seen) {
      noteTerminalsSeen(ctx, seen);
    },
    async noteTerminalReport(terminalId, report, at) {
      noteTerminalReport(ctx, terminalId, report, at);
    },
    async noteTerminalTrouble(terminalId, problems, at) {
      noteTerminalTrouble(ctx, terminalId, problems, at);
    },
    async terminalTrouble(terminalIds, since) {
      return terminalTrouble(ctx, terminalIds, since);
    },
    async terminalPresence(terminalIds) {
      return terminalPresence(ctx, terminalIds);
    },
    async renewLogId() {
      return renewLogIdIn(db);
    },
    async close() {
      ctx.listeners.clear();
      db.close();
    },
  };
}
