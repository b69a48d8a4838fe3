import { useEffect, useMemo, useState } from 'react';
import { useApp, useAppStore, useNow } from './app-context';
import { actionForKey } from '../../shared/order-actions';
import { boardOf, COLUMN_IDS } from '../orders/board';
import { en } from '../i18n/en';
import type { Ringer } from '../ui-kit/ringer';
import { pseudoLocale, useLanguage } from '../ui-kit/language';
import { isEscalatedRing, isRinging } from '../orders/orders-slice';
import type { View } from '../ui-kit/app-slice';
import type { AppState } from './store';
import { actionShortcuts, ORDER_DIALOGS, takeOrderAction } from '../orders/order-action-ui';
import { ActivityPanel } from '../diagnostics/ActivityPanel';
import { Board } from '../orders/Board';
import { BookCourierDialog } from '../delivery/BookCourierDialog';
import { ClockSkewWarning } from '../machine/ClockSkewWarning';
import { CourierPanel } from '../delivery/CourierPanel';
import { Dialog } from '../ui-kit/Dialog';
import { HistoryPanel } from '../history/HistoryPanel';
import { MenuPanel } from '../menu/MenuPanel';
import { VenuePanel } from '../venue/VenuePanel';
import { SetupScreen } from '../setup/SetupScreen';
import { ConnectionPanel } from '../setup/ConnectionPanel';
import {
  CancelledBanner,
  GapNotice,
  MissedOrderBanner,
  NoOrdersArrivingBanner,
  OfflineBanner,
  ReconnectBanner,
  OutageAlarm,
  StatusBar,
} from '../stream/StatusBar';
import { TopBar } from './TopBar';
import { HeldUpdateNotice } from '../updates/HeldUpdateNotice';
import { PrintAlarm, PrinterStatusItem } from '../printing/PrintStatus';
import { CardSlotsContext } from '../orders/card-slots';
import type { CardSlots } from '../orders/card-slots';
import { LineSoldOut } from '../menu/SoldOut';
import { OrderPrint, TilePrintMark } from '../printing/OrderPrint';
import { ShiftSummary, OrderSettingsSection } from '../orders/ShiftSummary';
import { SettingsVenuePicker } from '../ui-kit/SettingsVenuePicker';
import { StreamSettings } from '../stream/StreamSettings';
import { PrinterSettings } from '../printing/PrinterSettings';
import { MachinePanel } from '../machine/MachinePanel';
import { HistorySettingsSection } from '../history/HistorySettings';
import {
  SoundBanner,
  StartCookingBanner,
  UnclaimedBanner,
  useUnclaimedChime,
} from '../orders/TimingBanners';
import { AllDay } from '../orders/AllDay';

const VIEW_KEYS: Record<string, View> = {
  '1': 'orders',
  '2': 'venue',
  '3': 'menu',
  '4': 'activity',
  '5': 'couriers',
  '6': 'history',
};

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Arrow keys walk the board: left/right between columns, up/down within one. */
const moveSelection = (state: AppState, key: string, now: number): string | null => {
  const { columns } = boardOf(state.orders, now, state.finishedByDay);
  const lists = COLUMN_IDS.map((id) => columns[id]);
  let col = lists.findIndex((list) => list.some((o) => o.id === state.selectedOrderId));
  if (col < 0) return lists.find((list) => list.length > 0)?.[0]?.id ?? null;
  let row = lists[col]!.findIndex((o) => o.id === state.selectedOrderId);
  if (key === 'ArrowUp') row = Math.max(0, row - 1);
  if (key === 'ArrowDown') row = Math.min(lists[col]!.length - 1, row + 1);
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const step = key === 'ArrowLeft' ? -1 : 1;
    for (let c = col + step; c >= 0 && c < lists.length; c += step) {
      if (lists[c]!.length > 0) {
        col = c;
        row = Math.min(row, lists[c]!.length - 1);
        break;
      }
    }
  }
  return lists[col]![row]?.id ?? state.selectedOrderId;
};

const handleKey = (state: AppState, key: string, now: number): boolean => {
  const view = VIEW_KEYS[key];
  if (view) {
    state.setView(view);
    return true;
  }
  switch (key) {
    case 'm':
    case 'M':
      state.mute();
      return true;
    case 't':
    case 'T':
      state.setTheme(state.theme === 'dark' ? 'light' : 'dark');
      return true;
    case '?':
      state.openDialog({ kind: 'shortcuts' });
      return true;
  }
  if (state.view !== 'orders') return false;
  if (key.startsWith('Arrow')) {
    state.select(moveSelection(state, key, now));
    return true;
  }
  const order = state.orders.find((o) => o.id === state.selectedOrderId);
  if (!order) return false;
  const kind = actionForKey(order, key);
  if (!kind) return false;
  takeOrderAction(state, order.id, kind);
  return true;
};

const Shortcuts = ({ onClose }: { onClose: () => void }) => (
  <Dialog title={en.shortcuts.title} onClose={onClose}>
    <dl className="shortcuts">
      {[...en.shortcuts.navigate, ...actionShortcuts(), ...en.shortcuts.other].map(
        ([keys, what]) => (
          <div key={keys}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ),
      )}
    </dl>
  </Dialog>
);

// What the slices show of each other, put together here: a card's sold-out switch and tickets,
// the settings page's sections of every slice.
const CARD_SLOTS: CardSlots = { LineSoldOut, OrderPrint, TilePrintMark };

const OtherSettings = () => (
  <>
    <SettingsVenuePicker />
    <StreamSettings />
    <PrinterSettings />
    <MachinePanel />
    <ConnectionPanel />
    <OrderSettingsSection />
    <HistorySettingsSection />
  </>
);

// eslint-disable-next-line max-lines-per-function -- the shell's keyboard map and layout; not yet cut into smaller components (issue 37)
const Shell = ({
  ringer,
  alarm,
  printAlarm,
}: {
  ringer: Ringer;
  alarm: Ringer;
  printAlarm: Ringer;
}) => {
  const store = useAppStore();
  const loaded = useApp((s) => s.loaded);
  const loadError = useApp((s) => s.loadError);
  const configured = useApp((s) => s.setup?.configured ?? false);
  const setupOpen = useApp((s) => s.setupOpen);
  const view = useApp((s) => s.view);
  const theme = useApp((s) => s.theme);
  const dialog = useApp((s) => s.dialog);
  const OrderDialog = dialog && 'orderId' in dialog ? ORDER_DIALOGS[dialog.kind] : null;
  const now = useNow(5_000);
  // An order that may not have reached this terminal rings as an order does (a mute silences it).
  const ringing = useApp(
    (s) =>
      isRinging(s, now) ||
      ((s.stream?.missed.length ?? 0) > 0 && (s.mutedUntil === null || now >= s.mutedUntil)),
  );
  const urgent = useApp((s) => isEscalatedRing(s, now));
  const arrivals = useApp((s) => s.arrivals);

  const [unlocked, setUnlocked] = useState(false);
  // Until the browser lets the ring play, a banner says so, ringing or not: an order must be heard.
  const soundBlocked = !unlocked && !ringer.canPlay();

  useEffect(() => {
    void store.getState().init();
    return () => store.getState().dispose();
  }, [store]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  useEffect(() => {
    if (!ringing) {
      ringer.stop();
      return;
    }
    ringer.start(urgent ? 'urgent' : 'normal');
  }, [ringing, urgent, ringer]);
  useEffect(() => () => ringer.stop(), [ringer]);

  // Every new order is heard at least once, also one accepted by itself (auto-accept).
  useEffect(() => {
    if (arrivals > 0) ringer.chime();
  }, [arrivals, ringer]);
  useUnclaimedChime(ringer, now);
  // The relay saying nothing arrives is heard once when it starts (its banner stays).
  const noOrdersArriving = useApp((s) => (s.stream?.noOrdersArriving ?? null) !== null);
  useEffect(() => {
    if (noOrdersArriving) ringer.chime();
  }, [noOrdersArriving, ringer]);

  useEffect(() => {
    // Browsers keep audio suspended until the first gesture; any tap unlocks the ring. The press
    // only resumes the audio, which changes nothing on screen; the notice that the sound is off
    // goes once the gesture is over (its click or key released). Taking the notice away at the
    // press moved the board under the finger: the release landed beside the button, and the
    // first tap of every load did nothing.
    let pressed = false;
    let settling: ReturnType<typeof setTimeout> | null = null;
    const unlock = (): void => {
      ringer.unlock();
      alarm.unlock();
      printAlarm.unlock();
      pressed = true;
    };
    const settle = (): void => {
      if (!pressed) return;
      pressed = false;
      // Heard in capture (a button's handler stops the click's bubbling) and acted on after the
      // click's own handlers, whichever element they were on.
      settling ??= setTimeout(() => {
        settling = null;
        setUnlocked(true);
      }, 0);
    };
    const capture = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', unlock, capture);
    window.addEventListener('keydown', unlock, capture);
    window.addEventListener('click', settle, capture);
    window.addEventListener('keyup', settle, capture);
    window.addEventListener('pointercancel', settle, capture);
    return () => {
      window.removeEventListener('pointerdown', unlock, capture);
      window.removeEventListener('keydown', unlock, capture);
      window.removeEventListener('click', settle, capture);
      window.removeEventListener('keyup', settle, capture);
      window.removeEventListener('pointercancel', settle, capture);
      if (settling) clearTimeout(settling);
    };
  }, [ringer, alarm, printAlarm]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const state = store.getState();
      if (state.dialog || isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (handleKey(state, event.key, Date.now())) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);

  const content = useMemo(() => {
    switch (view) {
      case 'orders':
        return <Board now={now} />;
      case 'venue':
        return <VenuePanel settings={<OtherSettings />} />;
      case 'menu':
        return <MenuPanel />;
      case 'activity':
        return <ActivityPanel summary={<ShiftSummary />} />;
      case 'couriers':
        return <CourierPanel />;
      case 'history':
        return <HistoryPanel />;
    }
  }, [view, now]);

  if (loadError) {
    return (
      <main className="center">
        <h1>{en.loadFailed}</h1>
        <p>{loadError}</p>
        <button
          type="button"
          className="btn btn-primary btn-large"
          onClick={() => void store.getState().init()}
        >
          {en.tryAgain}
        </button>
      </main>
    );
  }
  if (!loaded) {
    return (
      <main className="center" aria-busy="true">
        <p>{en.loading}</p>
      </main>
    );
  }

  return (
    <CardSlotsContext.Provider value={CARD_SLOTS}>
      <div className={`app ${ringing ? 'app-ringing' : ''}`}>
        {configured && !setupOpen && <TopBar now={now} ringing={ringing} />}
        {/* Banners and notices come and go mid-shift: they live in this strip of fixed height
            (scrolling when several are up, the most urgent first), so none moves the board. */}
        <div className="notices" role="region" aria-label={en.notices}>
          {configured && <OutageAlarm alarm={alarm} />}
          {configured && <PrintAlarm alarm={printAlarm} />}
          {configured && <ClockSkewWarning />}
          {configured && !setupOpen && soundBlocked && <SoundBanner />}
          {configured && !setupOpen && <StartCookingBanner />}
          {configured && !setupOpen && <UnclaimedBanner />}
          <ReconnectBanner />
          {configured && !setupOpen && <CancelledBanner />}
          {configured && !setupOpen && <GapNotice />}
          {configured && !setupOpen && view !== 'venue' && <OfflineBanner />}
          {configured && !setupOpen && <HeldUpdateNotice />}
          {/* The kitchen's item totals, while no notice needs the strip. */}
          {configured && !setupOpen && view === 'orders' && <AllDay />}
        </div>
        {!configured || setupOpen ? <SetupScreen /> : content}
        {configured && !setupOpen && (
          <div className="float-alarms">
            <MissedOrderBanner />
            <NoOrdersArrivingBanner />
          </div>
        )}
        <StatusBar printer={<PrinterStatusItem />} />
        {OrderDialog && dialog && 'orderId' in dialog && <OrderDialog orderId={dialog.orderId} />}
        {dialog?.kind === 'courier' && <BookCourierDialog prefill={dialog.prefill} />}
        {dialog?.kind === 'shortcuts' && (
          <Shortcuts onClose={() => store.getState().openDialog(null)} />
        )}
      </div>
    </CardSlotsContext.Provider>
  );
};

/** The shell in the terminal's language: a switch shows every word in it at once, no restart. */
export const App = (props: Parameters<typeof Shell>[0]) => {
  const language = useLanguage((s) => s.language);
  // The page says which language it is in: a screen reader reads Finnish with a Finnish voice, and
  // text in another language (a language's own name, a ticket's preview) declares its own. The
  // pseudo-locale is English written otherwise: its tag (en-XA) keeps English text apart from it.
  useEffect(() => {
    document.documentElement.lang = language === 'en' && pseudoLocale() ? 'en-XA' : language;
    document.title = en.appName;
  }, [language]);
  return <Shell key={language} {...props} />;
};
