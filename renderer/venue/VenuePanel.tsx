import { createElement, useMemo, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import type { OpeningTime, VenueState, Weekday } from '../../shared/domain';
import { WEEKDAYS } from '../../shared/domain';
import { useApp } from './hooks';
import { formatClock, formatTimeZone } from '../ui-kit/format';
import { DurationChips } from '../ui-kit/Chips';
import { en } from './messages';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';
import { FormMessage } from '../ui-kit/FormMessage';
import type { FormOutcome } from '../ui-kit/FormMessage';
import { useVenueMarks, VenueMark } from '../ui-kit/VenueMark';
import { VENUE_COLOURS } from '../ui-kit/venue-marks';
import type { VenueMark as Mark } from '../ui-kit/venue-marks';
import { offlineWords, venueEntries, venuesTally, wantsOnline } from './venues';
import type { VenueEntry } from './venues';

type TimeField = 'opening_time' | 'closing_time';

const minutes = (time: string): number => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/**
 * What is wrong with each row, on the field it is wrong in: a time that is not HH:MM, a window
 * that closes before (or when) it opens on the same day, a window overlapping an earlier one.
 */
export const openingTimeProblems = (
  rows: readonly OpeningTime[],
): Array<Partial<Record<TimeField, string>>> => {
  const week = (day: Weekday, time: string) => WEEKDAYS.indexOf(day) * 1440 + minutes(time);
  const spans: Array<[number, number] | null> = [];
  return rows.map((row) => {
    const problems: Partial<Record<TimeField, string>> = {};
    if (!TIME.test(row.opening_time) || row.opening_time === '24:00')
      problems.opening_time = en.venue.timeFormat;
    if (!TIME.test(row.closing_time)) problems.closing_time = en.venue.timeFormat;
    if (!problems.opening_time && !problems.closing_time && row.opening_day === row.closing_day) {
      const open = minutes(row.opening_time);
      const close = minutes(row.closing_time);
      if (close < open) problems.closing_time = en.venue.closesBeforeOpening;
      else if (close === open) problems.closing_time = en.venue.closesWhenOpening;
    }
    if (problems.opening_time || problems.closing_time) {
      spans.push(null);
      return problems;
    }
    const start = week(row.opening_day, row.opening_time);
    let end = week(row.closing_day, row.closing_time);
    if (end <= start) end += 7 * 1440;
    const overlapping = spans.findIndex(
      (span) =>
        span !== null &&
        [0, 7 * 1440, -7 * 1440].some((shift) => start + shift < span[1] && span[0] < end + shift),
    );
    if (overlapping >= 0) problems.opening_time = en.venue.overlaps(overlapping + 1);
    spans.push([start, end]);
    return problems;
  });
};

/** The day select and time input cells of one end (opening or closing) of an opening-times row. */
const DayAndTime = (props: {
  dayLabel: string;
  day: Weekday;
  onDay: (day: Weekday) => void;
  timeLabel: string;
  time: string;
  placeholder: string;
  onTime: (time: string) => void;
  error?: string;
}) => (
  <>
    <td>
      <select
        aria-label={props.dayLabel}
        value={props.day}
        onChange={(e) => props.onDay(e.target.value as Weekday)}
      >
        {WEEKDAYS.map((d) => (
          <option key={d} value={d}>
            {en.weekdays[d]}
          </option>
        ))}
      </select>
    </td>
    <td>
      <input
        aria-label={props.timeLabel}
        value={props.time}
        inputMode="numeric"
        placeholder={props.placeholder}
        aria-invalid={Boolean(props.error)}
        aria-description={props.error}
        onChange={(e) => props.onTime(e.target.value)}
      />
      {props.error && (
        <span className="field-error" role="alert">
          {props.error}
        </span>
      )}
    </td>
  </>
);

/**
 * Opening times: the platform's, until staff change something; then their draft, which no
 * background refresh replaces, until they save or discard it.
 */
// A terminal of several venues names the venue (its editor sits in the venue's block, under its
// heading); a terminal of one sends what it always sent.
const OpeningTimesEditor = ({ venue, venueId }: { venue: VenueState; venueId?: string }) => {
  const save = useApp((s) => s.setOpeningTimes);
  const [draft, setDraft] = useState<OpeningTime[] | null>(null);
  const [message, setMessage] = useState<FormOutcome | null>(null);
  const rows = draft ?? venue.openingTimes;
  const edit = (change: (rows: OpeningTime[]) => OpeningTime[]): void => {
    setDraft(change(rows));
    setMessage(null);
  };
  const update = (index: number, patch: Partial<OpeningTime>): void =>
    edit((r) => r.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const problems = openingTimeProblems(rows);
  const invalid = problems.some((p) => p.opening_time || p.closing_time);
  const changing = venue.changing?.openingTimes ?? null;

  return (
    <section className="panel-section" aria-label={en.venue.openingTimes}>
      {createElement(venueId ? 'h3' : 'h2', null, en.venue.openingTimes)}
      <p className="muted" data-testid="venue-time-zone">
        {en.venue.timeZone(formatTimeZone(venue.timeZone))}
      </p>
      {changing && (
        <p className="state-pending" role="status">
          <span className="spinner" aria-hidden="true" /> {en.venue.openingTimesChanging}
        </p>
      )}
      {rows.length === 0 && <p className="muted">{en.venue.noOpeningTimes}</p>}
      <table className="hours">
        <thead>
          <tr>
            <th>{en.venue.openingDay}</th>
            <th>{en.venue.openingTime}</th>
            <th>{en.venue.closingDay}</th>
            <th>{en.venue.closingTime}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr
              key={index}
              className={
                problems[index]?.opening_time || problems[index]?.closing_time ? 'row-invalid' : ''
              }
            >
              <DayAndTime
                dayLabel={`${en.venue.openingDay} ${index + 1}`}
                day={row.opening_day}
                onDay={(opening_day) => update(index, { opening_day })}
                timeLabel={`${en.venue.openingTime} ${index + 1}`}
                time={row.opening_time}
                placeholder="10:00"
                onTime={(opening_time) => update(index, { opening_time })}
                error={problems[index]?.opening_time}
              />
              <DayAndTime
                dayLabel={`${en.venue.closingDay} ${index + 1}`}
                day={row.closing_day}
                onDay={(closing_day) => update(index, { closing_day })}
                timeLabel={`${en.venue.closingTime} ${index + 1}`}
                time={row.closing_time}
                placeholder="22:00"
                onTime={(closing_time) => update(index, { closing_time })}
                error={problems[index]?.closing_time}
              />
              <td>
                <button
                  type="button"
                  className="btn btn-quiet btn-small"
                  onClick={() => edit((r) => r.filter((_, i) => i !== index))}
                >
                  {en.venue.removeRow}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {draft && <p className="muted">{en.venue.draftKept}</p>}
      <DialogActions
        actions={[
          {
            label: en.venue.addRow,
            tone: 'quiet',
            onClick: () =>
              edit((r) => [
                ...r,
                {
                  opening_day: 'MONDAY',
                  opening_time: '10:00',
                  closing_day: 'MONDAY',
                  closing_time: '22:00',
                },
              ]),
          },
          draft && {
            label: en.venue.discard,
            tone: 'quiet',
            onClick: () => {
              setDraft(null);
              setMessage(null);
            },
          },
          {
            label: en.venue.saveOpeningTimes,
            tone: 'primary',
            disabled: !draft || invalid,
            onClick: async () => {
              const error = await save(rows, venueId);
              if (!error) setDraft(null);
              setMessage(
                error ? { ok: false, text: error.message } : { ok: true, text: en.venue.saved },
              );
            },
          },
        ]}
      />
      <FormMessage message={message} />
    </section>
  );
};

/** The confirmed state, as pills: online or offline (or changing…), open or closed. */
const VenueStateLine = ({ venue }: { venue: VenueState }) => {
  // Staff asked for a change the platform has not confirmed: it is not shown as the venue's state.
  const wanted = venue.changing?.online ?? null;
  return (
    <div className="venue-state">
      {wanted ? (
        <span className="pill pill-large pill-neutral" data-testid="venue-online">
          {en.venue.changing}
        </span>
      ) : (
        <span
          className={`pill pill-large ${venue.isOnline ? 'pill-ok' : 'pill-bad'}`}
          data-testid="venue-online"
        >
          {venue.isOnline ? en.venue.online : en.venue.offline}
        </span>
      )}
      <span className={`pill pill-large ${venue.isOpen ? 'pill-ok' : 'pill-neutral'}`}>
        {venue.isOpen ? en.venue.open : en.venue.closed}
      </span>
      {!wanted && !venue.isOnline && (
        <span>
          {venue.offlineUntil
            ? en.venue.offlineUntil(formatClock(venue.offlineUntil))
            : en.venue.offlineIndefinitely}
        </span>
      )}
    </div>
  );
};

/**
 * One venue's online/offline switch: Go online, or Go offline and then for how long; while the
 * platform has not confirmed a change, what is changing and nothing to press.
 */
const OnlineSwitch = ({ venue, venueId }: { venue: VenueState | null; venueId?: string }) => {
  const setOnline = useApp((s) => s.setOnline);
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wanted = venue?.changing?.online ?? null;

  const change = async (online: boolean, until: string | null): Promise<void> => {
    setChoosing(false);
    const failure = await setOnline(online, until, venueId);
    setError(failure?.message ?? null);
  };

  return (
    <>
      <div className="dialog-actions start">
        {wanted ? (
          // Not a button: nothing to press until the platform answered; an outage of the
          // platform keeps it here, and the Activity view can drop the waiting action.
          <p className="state-pending venue-changing" role="status" data-testid="venue-toggle">
            <span className="spinner" aria-hidden="true" />{' '}
            {wanted.online
              ? en.venue.goingOnline
              : en.venue.goingOffline(wanted.until ? formatClock(wanted.until) : null)}
            {' · '}
            {en.venue.changing}
          </p>
        ) : venue?.isOnline === false ? (
          <button
            type="button"
            className="btn btn-go btn-large"
            data-testid="venue-toggle"
            onClick={() => void change(true, null)}
          >
            {en.venue.goOnline}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-danger btn-large"
            data-testid="venue-toggle"
            onClick={() => setChoosing((c) => !c)}
          >
            {en.venue.goOffline}
          </button>
        )}
      </div>
      {choosing && !wanted && (
        <DurationChips
          label={en.venue.offlineFor}
          words={en.venue.durations}
          onPick={(until) => void change(false, until)}
        />
      )}
      <Refusal text={error} />
    </>
  );
};

/** When the platform's status was last read, and a way to read it again now. */
const FetchedLine = ({
  venue,
  onError,
}: {
  venue: VenueState | null;
  onError?: (message: string | null) => void;
}) => {
  const refresh = useApp((s) => s.refreshVenue);
  return (
    <p className="muted">
      {venue?.fetchedAt ? en.venue.fetchedAt(formatClock(venue.fetchedAt)) : en.venue.neverFetched}
      {onError && (
        <>
          {' '}
          <button
            type="button"
            className="btn btn-quiet btn-small"
            onClick={() => void refresh().then((failure) => onError(failure?.message ?? null))}
          >
            {en.venue.refresh}
          </button>
        </>
      )}
    </p>
  );
};

/**
 * Every venue at once: how many are offline, and "Take all venues offline" (after choosing for
 * how long, which names the venues it takes offline) or "Put all venues online". While a venue's
 * change waits for the platform, nothing to press here: each venue's block shows its own.
 */
const AllVenues = ({
  entries,
  nameOf,
}: {
  entries: readonly VenueEntry[];
  nameOf: (venueId: string) => string;
}) => {
  const setVenuesOnline = useApp((s) => s.setVenuesOnline);
  const [choosing, setChoosing] = useState(false);
  const refresh = useApp((s) => s.refreshVenue);
  const [error, setError] = useState<string | null>(null);
  const tally = venuesTally(entries);
  // A venue whose status is not read yet is taken offline with the others, never put online.
  const toOffline = entries.filter((e) => !e.state || wantsOnline(e.state)).map((e) => e.venueId);
  const toOnline = entries.filter((e) => e.state && !wantsOnline(e.state)).map((e) => e.venueId);

  const change = async (
    venueIds: readonly string[],
    online: boolean,
    until: string | null,
  ): Promise<void> => {
    setChoosing(false);
    const failure = await setVenuesOnline(venueIds, online, until);
    setError(failure?.message ?? null);
  };

  return (
    <section className="panel-section" aria-label={en.venues.all} data-testid="all-venues">
      <h2>{en.venues.all}</h2>
      <p className="venue-all-state">
        <span data-testid="venues-offline">{offlineWords(tally)}</span>{' '}
        <button
          type="button"
          className="btn btn-quiet btn-small"
          onClick={() => void refresh().then((failure) => setError(failure?.message ?? null))}
        >
          {en.venue.refresh}
        </button>
      </p>
      {tally.changing > 0 ? (
        <p className="state-pending venue-changing" role="status" data-testid="all-venues-changing">
          <span className="spinner" aria-hidden="true" /> {en.venue.venuesChanging(tally.changing)}
        </p>
      ) : (
        <div className="dialog-actions start">
          {toOnline.length > 0 && (
            <button
              type="button"
              className="btn btn-go btn-large"
              onClick={() => void change(toOnline, true, null)}
            >
              {en.venue.putAllOnline}
            </button>
          )}
          {toOffline.length > 0 && (
            <button
              type="button"
              className="btn btn-danger btn-large"
              aria-expanded={choosing}
              onClick={() => setChoosing((c) => !c)}
            >
              {en.venue.takeAllOffline}
            </button>
          )}
        </div>
      )}
      {choosing && tally.changing === 0 && toOffline.length > 0 && (
        <DurationChips
          label={en.venue.takeOfflineFor(toOffline.map(nameOf))}
          words={en.venue.durations}
          onPick={(until) => void change(toOffline, false, until)}
          onCancel={() => setChoosing(false)}
        />
      )}
      <Refusal text={error} />
    </section>
  );
};

/** One venue of several: its mark, its confirmed state, its own switch and opening times. */
const VenueBlock = ({ entry, mark }: { entry: VenueEntry; mark: Mark }) => (
  <section
    className="panel-section venue-block"
    aria-label={mark.name}
    data-testid="venue-block"
    style={{ '--venue-colour': mark.colour } as CSSProperties}
  >
    <h2>
      <VenueMark mark={mark} className="venue-block-mark" />
    </h2>
    {entry.state ? (
      <>
        <VenueStateLine venue={entry.state} />
        <FetchedLine venue={entry.state} />
      </>
    ) : (
      <p className="muted">{en.venue.unknown}</p>
    )}
    <OnlineSwitch venue={entry.state} venueId={entry.venueId} />
    {entry.state && <OpeningTimesEditor venue={entry.state} venueId={entry.venueId} />}
  </section>
);

const NO_VENUES: readonly { venueId: string }[] = [];

/** `settings`: the other slices' settings sections, which the shell puts on this page. */
export const VenuePanel = ({ settings }: { settings: ReactNode }) => {
  const venue = useApp((s) => s.venue);
  const venues = useApp((s) => s.venues);
  const connected = useApp((s) => s.setup?.venues ?? NO_VENUES);
  const marks = useVenueMarks();
  const [error, setError] = useState<string | null>(null);
  const entries = useMemo(() => venueEntries(connected, venues, venue), [connected, venues, venue]);

  if (entries.length > 1) {
    const markOf = (entry: VenueEntry, index: number): Mark =>
      marks.byId.get(entry.venueId) ?? {
        venueId: entry.venueId,
        name: entry.state?.name ?? en.venues.unnamed(index + 1),
        colour: VENUE_COLOURS[index % VENUE_COLOURS.length]!,
      };
    const named = new Map(entries.map((e, i) => [e.venueId, markOf(e, i).name]));
    return (
      <main className="panel" aria-label={en.venue.title}>
        <AllVenues entries={entries} nameOf={(id) => named.get(id) ?? ''} />
        {entries.map((entry, index) => (
          <VenueBlock key={entry.venueId} entry={entry} mark={markOf(entry, index)} />
        ))}
        {settings}
      </main>
    );
  }

  return (
    <main className="panel" aria-label={en.venue.title}>
      <section className="panel-section" aria-label={en.venue.title}>
        <h2>{en.venue.title}</h2>
        {!venue ? (
          <p className="muted">{en.venue.unknown}</p>
        ) : (
          <>
            <VenueStateLine venue={venue} />
            <FetchedLine venue={venue} onError={setError} />
          </>
        )}
        <OnlineSwitch venue={venue} />
        <Refusal text={error} />
      </section>
      {venue && <OpeningTimesEditor venue={venue} />}
      {settings}
    </main>
  );
};
