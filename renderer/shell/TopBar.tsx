import { useRef } from 'react';
import { useApp } from './app-context';
import { waitingCounts, waitingOrders } from '../orders/board';
import { formatDuration } from '../ui-kit/format';
import { useBarFlash } from '../ui-kit/flash-phase';
import { en } from '../i18n/en';
import { MUTE_MS } from '../orders/orders-slice';
import type { View } from '../ui-kit/app-slice';
import type { VenueMarks } from '../ui-kit/VenueMark';
import { useVenueMarks } from '../ui-kit/VenueMark';
import { VenueFilter } from '../orders/VenueFilter';
import { VenuesBadge, VenueStatusPill } from '../venue/VenueStatus';

const VIEWS: View[] = ['orders', 'venue', 'menu', 'activity', 'couriers', 'history'];

/**
 * The ring's fixed place: orders waiting for an answer; pre-orders to confirm are counted apart,
 * in the same place when no order waits (the Scheduled column counts them too).
 */
const RingSlot = ({ muted, marks }: { muted: boolean; marks: VenueMarks }) => {
  const toAnswer = useApp((s) => waitingCounts(s.orders).answer);
  const preorders = useApp((s) => waitingCounts(s.orders).preorders);
  // On a terminal of several venues the ring says whose orders wait, whatever the board shows.
  const venues = useApp((s) =>
    marks.list
      .filter((mark) =>
        waitingOrders(s.orders).some((o) => o.venueId === mark.venueId && o.type !== 'preorder'),
      )
      .map((mark) => mark.name)
      .join(' · '),
  );
  return (
    <span className="top-ring-slot">
      {toAnswer > 0 ? (
        <span className="ring-alert" role={muted ? 'status' : 'alert'}>
          {en.ring.newOrder(toAnswer)}
          {venues && (
            <span className="ring-venues" data-testid="ring-venues">
              {venues}
            </span>
          )}
        </span>
      ) : (
        preorders > 0 && (
          <span className="ring-preorders" role="status" data-testid="preorders-pill">
            {en.ring.preorders(preorders)}
          </span>
        )
      )}
    </span>
  );
};

export const TopBar = ({ now, ringing }: { now: number; ringing: boolean }) => {
  const view = useApp((s) => s.view);
  const setView = useApp((s) => s.setView);
  // The name comes with the venue's orders; until then the app's, never the venue's id.
  const venueName = useApp((s) => s.status?.venueName ?? s.venue?.name ?? null);
  const waiting = useApp((s) => waitingOrders(s.orders).length);
  const mutedUntil = useApp((s) => s.mutedUntil);
  const mute = useApp((s) => s.mute);
  const unmute = useApp((s) => s.unmute);
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  const openDialog = useApp((s) => s.openDialog);
  const courierReady = useApp((s) => s.deliverySetup?.configured ?? false);
  const muted = mutedUntil !== null && now < mutedUntil;
  const marks = useVenueMarks();
  const several = marks.list.length > 1;
  const bar = useRef<HTMLElement>(null);
  useBarFlash(bar, ringing);

  return (
    <header ref={bar} className={`top-bar ${ringing ? 'top-bar-ringing' : ''}`}>
      <div className="brand">
        {/* With several venues, how many are offline is on the Venue tab (VenuesBadge). */}
        {several ? <VenueFilter marks={marks} /> : <strong>{venueName ?? en.appName}</strong>}
        {!several && <VenueStatusPill />}
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
            {/* Always there, hidden when nothing waits: its arrival must not widen the tab. */}
            {v === 'orders' && (
              <span
                className={`badge ${waiting > 0 ? '' : 'slot-idle'}`}
                aria-hidden={waiting === 0}
              >
                {waiting}
              </span>
            )}
            {v === 'venue' && <VenuesBadge several={several} />}
          </button>
        ))}
      </nav>
      <div className="top-tools">
        {/* Muting silences the ring, not the count: staff still see what waits for them. The
            count and Mute keep their places when nothing rings (hidden, not removed), so an
            arriving order moves no control of the bar. */}
        <RingSlot muted={muted} marks={marks} />
        <span className="top-mute-slot">
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
        </span>
        {courierReady && (
          <button
            type="button"
            className="btn btn-primary btn-small top-courier"
            onClick={() => openDialog({ kind: 'courier' })}
          >
            {en.courier.book}
          </button>
        )}
        <button
          type="button"
          className="btn btn-quiet btn-small top-theme"
          aria-keyshortcuts="T"
          aria-label={theme === 'dark' ? en.theme.toLight : en.theme.toDark}
          title={theme === 'dark' ? en.theme.toLight : en.theme.toDark}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {/* On a narrow screen only its sign: the venue's name needs the room. */}
          <span className="top-theme-word">
            {theme === 'dark' ? en.theme.toLight : en.theme.toDark}
          </span>
          <span className="top-theme-sign" aria-hidden="true">
            {en.theme.sign}
          </span>
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
