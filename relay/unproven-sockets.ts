// The sockets that have proven nothing yet (no verified webhook, no valid terminal key), grouped
// by the address they come from, so that at the connection cap the relay sheds from the address
// holding the most of them, oldest first. A flood from one host then loses its own sockets, while
// a genuine sender (the platform, a terminal) holding one or two is left alone, however fast the
// flood reconnects. Every operation is O(1): the heaviest address is tracked with count buckets.
import type { Socket } from 'node:net';

export type UnprovenSockets = {
  add(socket: Socket): void;
  /** Forgets the socket (proven, or closed); false when it was not held. */
  delete(socket: Socket): boolean;
  has(socket: Socket): boolean;
  /** The oldest unproven socket of the address holding the most, or undefined when none. */
  nextVictim(): Socket | undefined;
  readonly size: number;
};

export function createUnprovenSockets(): UnprovenSockets {
  const bySource = new Map<string, Set<Socket>>();
  const sourceOf = new Map<Socket, string>();
  /** Sources by how many unproven sockets they hold. */
  const buckets = new Map<number, Set<string>>();
  let heaviest = 0;

  const move = (source: string, from: number, to: number) => {
    const left = buckets.get(from);
    left?.delete(source);
    if (left?.size === 0) buckets.delete(from);
    if (to > 0) {
      const bucket = buckets.get(to) ?? new Set<string>();
      bucket.add(source);
      buckets.set(to, bucket);
    }
    heaviest = Math.max(heaviest, to);
    while (heaviest > 0 && !buckets.has(heaviest)) heaviest -= 1;
  };

  return {
    add(socket) {
      // A closed socket may have no address left: it is forgotten on its close anyway.
      const source = socket.remoteAddress ?? '';
      const sockets = bySource.get(source) ?? new Set<Socket>();
      bySource.set(source, sockets);
      sockets.add(socket);
      sourceOf.set(socket, source);
      move(source, sockets.size - 1, sockets.size);
    },
    delete(socket) {
      const source = sourceOf.get(socket);
      if (source === undefined) return false;
      sourceOf.delete(socket);
      const sockets = bySource.get(source) as Set<Socket>;
      sockets.delete(socket);
      move(source, sockets.size + 1, sockets.size);
      if (sockets.size === 0) bySource.delete(source);
      return true;
    },
    has: (socket) => sourceOf.has(socket),
    nextVictim() {
      const source = buckets.get(heaviest)?.values().next().value;
      return source === undefined ? undefined : bySource.get(source)?.values().next().value;
    },
    get size() {
      return sourceOf.size;
    },
  };
}
