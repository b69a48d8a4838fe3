import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { Ringer } from '../ui-kit/ringer';
import type { AppActions, AppState, AppStore } from './store';

const StoreContext = createContext<AppStore | null>(null);

export const StoreProvider = ({ store, children }: { store: AppStore; children: ReactNode }) => (
  <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
);

export const useAppStore = (): AppStore => {
  const store = useContext(StoreContext);
  if (!store) throw new Error('StoreProvider is missing');
  return store;
};

export const useApp = <T,>(selector: (state: AppState & AppActions) => T): T =>
  useStore(useAppStore(), selector);

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
export const usePlatformOffset = (): number => useApp((s) => s.status?.clockOffsetMs ?? 0);

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
