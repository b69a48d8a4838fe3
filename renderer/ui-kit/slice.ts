// What every renderer slice is built from: the bridge, its own part of the store (read and
// written through `get` and `set`, typed to that part only), and the clock. The shell composes
// the slices into one store (shell/store.ts); a slice never sees another slice's state except
// through a port the shell hands it.
import type { Bridge } from '../../shared/ipc/contract';

export type SliceContext<S> = {
  bridge: Bridge;
  get: () => S;
  set: (partial: Partial<S> | ((state: S) => Partial<S>)) => void;
  now: () => number;
};

/** A slice's factory result: its state and actions, and the bridge events it listens to. */
export type SliceParts<S> = {
  initial: S;
  /** Subscribes to the slice's events; returns the unsubscribers. */
  listen: () => Array<() => void>;
};

export const NO_EVENTS = (): Array<() => void> => [];
