// The composed store, as React sees it. The shell provides it; each slice reads it through its
// own view (the slice's state and actions plus the ports it declares), typed by that slice and
// checked against the composed store in shell/store.ts.
import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand';
import type { AppStatus } from '../../shared/domain';
import type { Ringer } from './ringer';

const StoreContext = createContext<StoreApi<object> | null>(null);

export const StoreProvider = <S extends object>({
  store,
  children,
}: {
  store: StoreApi<S>;
  children: ReactNode;
}) => (
  <StoreContext.Provider value={store as unknown as StoreApi<object>}>
    {children}
  </StoreContext.Provider>
);

/** The store as a slice sees it: `V`, the slice's view, which the composed store satisfies. */
export const useStoreOf = <V,>(): StoreApi<V> => {
  const store = useContext(StoreContext);
  if (!store) throw new Error('StoreProvider is missing');
  return store as unknown as StoreApi<V>;
};

/** The hooks of one slice's view of the store. */
export const viewHooks = <V,>() => ({
  useAppStore: (): StoreApi<V> => useStoreOf<V>(),
  useApp: <T,>(selector: (state: V) => T): T => useStore(useStoreOf<V>(), selector),
});

/** The current time, re-read every `everyMs` so ages and mutes stay current. */
export const useNow = (everyMs = 10_000, active = true): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Not ticking while inactive: a component that needs the clock only now and then (a card with
    // a print job on its way) does not re-render every period for nothing.
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
};

/**
 * How far the platform's clock is ahead of this machine's (ms). Order times are the platform's:
 * add this to the machine's now before comparing with them (the POS clock may be off).
 */
export const usePlatformOffset = (): number =>
  useStore(useStoreOf<{ status: AppStatus | null }>(), (s) => s.status?.clockOffsetMs ?? 0);

/** Keeps an alarm repeating while `sounding`; it stops when that ends or the caller unmounts. */
export const useSounding = (alarm: Ringer, sounding: boolean): void => {
  useEffect(() => {
    if (!sounding) {
      alarm.stop();
      return;
    }
    alarm.start();
    return () => alarm.stop();
  }, [sounding, alarm]);
};
