import { useApp } from './app-context';
import { waitingCounts, waitingOrders } from '../orders/board';
import { formatDuration } from '../ui-kit/format';
import { en } from '../i18n/en';
import { MUTE_MS } from '../orders/orders-slice';
import type { View } from '../ui-kit/app-slice';

const VIEWS: View[] = ['orders', 'venue', 'menu', 'activity', 'couriers', 'history'];

export const TopBar = ({ now, ringing }: { now: number; ringing: boolean }) => {
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  const venue = useApp((s) => s.venue);
  const venueName = useApp((s) => s.status?.venueName ?? s.venue?.name ?? s.setup?.venueId ?? null);
  const waiting = useApp((s) => waitingOrders(s.orders).length);
  // The pill counts orders waiting for an answer; pre-orders to confirm are counted apart.
  const toAnswer = useApp((s) => waitingCounts(s.orders).answer);
  const preorders = useApp((s) => waitingCounts(s.orders).preorders);
  const mutedUntil = useApp((s) => s.mutedUntil);
  const mute = useApp((s) => s.mute);
  const unmute = useApp((s) => s.unmute);
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  const openDialog = useApp((s) => s.openDialog);
  const courierReady = useApp((s) => s.deliverySetup?.configured ?? false);
  const muted = mutedUntil !== null && now < mutedUntil;

  return (
    <header className={`top-bar ${ringing ? 'top-bar-ringing' : ''}`}>
      <div className="brand">
        <strong>{venueName ?? en.appName}</strong>
        {venue &&
          (venue.changing?.online ? (
            <span className="pill pill-neutral" title={en.venue.changing}>
              {en.venue.changingShort}
            </span>
          ) : (
            <span className={`pill ${venue.isOnline ? 'pill-ok' : 'pill-bad'}`}>
              {venue.isOnline ? en.venue.online : en.venue.offline}
            </span>
          ))}
      </div>
      <nav className="tabs">
        {VIEWS.map((v, i) => (
          <button
            key={v}
            type="button"
            className={`tab ${view === v ? 'tab-on' : ''}`}
            aria-current={view === v ? 'page' : undefined}
            aria-keyshortcuts={String(i + 1)}
            onClick={() => setView(v)}
          >
            {en.nav[v]}
            {v === 'orders' && waiting > 0 && <span className="badge">{waiting}</span>}
          </button>
        ))}
      </nav>
      <div className="top-tools">
        {/* Muting silences the ring, not the count: staff still see what waits for them. */}
        {toAnswer > 0 && (
          <span className="ring-alert" role={muted ? 'status' : 'alert'}>
            {en.ring.newOrder(toAnswer)}
          </span>
        )}
        {preorders > 0 && (
          <span className="pill pill-neutral" role="status" data-testid="preorders-pill">
            {en.ring.preorders(preorders)}
          </span>
        )}
        {courierReady && (
          <button
            type="button"
            className="btn btn-primary btn-small top-courier"
            onClick={() => openDialog({ kind: 'courier' })}
          >
            {en.courier.book}
          </button>
        )}
        {muted ? (
          <button type="button" className="btn btn-light btn-small" onClick={unmute}>
            {en.ring.muted(formatDuration(Math.min(mutedUntil - now, MUTE_MS) + 59_999))} ·{' '}
            {en.ring.unmute}
          </button>
        ) : (
          waiting > 0 && (
            <button
              type="button"
              className="btn btn-light btn-small"
              aria-keyshortcuts="M"
              onClick={mute}
            >
              {en.ring.mute}
            </button>
          )
        )}
        <button
          type="button"
          className="btn btn-quiet btn-small"
          aria-keyshortcuts="T"
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? en.theme.toLight : en.theme.toDark}
        </button>
        <button
          type="button"
          className="btn btn-quiet btn-small btn-square"
          aria-keyshortcuts="?"
          aria-label={en.shortcuts.open}
          title={en.shortcuts.open}
          onClick={() => openDialog({ kind: 'shortcuts' })}
        >
          {en.shortcuts.openKey}
        </button>
      </div>
    </header>
  );
};
