import { useState } from 'react';
import type { OpeningTime, Weekday } from '../../shared/domain';
import { WEEKDAYS } from '../../shared/domain';
import { openingTimeSchema } from '../../shared/ipc/contract';
import { useApp } from '../app-context';
import { endOfLocalDay, formatClock } from '../format';
import { en } from '../i18n/en';
import { StreamSettings } from './StreamSettings';

type Duration = keyof typeof en.venue.durations;
const DURATIONS: Duration[] = ['m30', 'h1', 'restOfDay', 'indefinitely'];

const untilFor = (duration: Duration, now: number): string | null => {
  switch (duration) {
    case 'm30':
      return new Date(now + 30 * 60_000).toISOString();
    case 'h1':
      return new Date(now + 60 * 60_000).toISOString();
    case 'restOfDay':
      return endOfLocalDay(now).toISOString();
    case 'indefinitely':
      return null;
  }
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
            {en.venue.days[d]}
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
        onChange={(e) => props.onTime(e.target.value)}
      />
    </td>
  </>
);

const OpeningTimesEditor = ({ initial }: { initial: OpeningTime[] }) => {
  const save = useApp((s) => s.setOpeningTimes);
  const [rows, setRows] = useState<OpeningTime[]>(initial);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const update = (index: number, patch: Partial<OpeningTime>): void => {
    setRows((r) => r.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setMessage(null);
  };
  const invalid = rows.map((row) => !openingTimeSchema.safeParse(row).success);

  return (
    <section className="panel-section" aria-label={en.venue.openingTimes}>
      <h2>{en.venue.openingTimes}</h2>
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
            <tr key={index} className={invalid[index] ? 'row-invalid' : ''}>
              <DayAndTime
                dayLabel={`${en.venue.openingDay} ${index + 1}`}
                day={row.opening_day}
                onDay={(opening_day) => update(index, { opening_day })}
                timeLabel={`${en.venue.openingTime} ${index + 1}`}
                time={row.opening_time}
                placeholder="10:00"
                onTime={(opening_time) => update(index, { opening_time })}
              />
              <DayAndTime
                dayLabel={`${en.venue.closingDay} ${index + 1}`}
                day={row.closing_day}
                onDay={(closing_day) => update(index, { closing_day })}
                timeLabel={`${en.venue.closingTime} ${index + 1}`}
                time={row.closing_time}
                placeholder="22:00"
                onTime={(closing_time) => update(index, { closing_time })}
              />
              <td>
                <button
                  type="button"
                  className="btn btn-quiet btn-small"
                  onClick={() => setRows((r) => r.filter((_, i) => i !== index))}
                >
                  {en.venue.removeRow}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() =>
            setRows((r) => [
              ...r,
              {
                opening_day: 'MONDAY',
                opening_time: '10:00',
                closing_day: 'MONDAY',
                closing_time: '22:00',
              },
            ])
          }
        >
          {en.venue.addRow}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={invalid.some(Boolean)}
          onClick={async () => {
            const error = await save(rows);
            setMessage(
              error ? { ok: false, text: error.message } : { ok: true, text: en.venue.saved },
            );
          }}
        >
          {en.venue.saveOpeningTimes}
        </button>
      </div>
      {message && (
        <p className={message.ok ? 'form-ok' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </section>
  );
};

export const VenuePanel = () => {
  const venue = useApp((s) => s.venue);
  const setOnline = useApp((s) => s.setOnline);
  const refresh = useApp((s) => s.refreshVenue);
  const [choosing, setChoosing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = async (online: boolean, until: string | null): Promise<void> => {
    setChoosing(false);
    const failure = await setOnline(online, until);
    setError(failure?.message ?? null);
  };

  return (
    <main className="panel" aria-label={en.venue.title}>
      <section className="panel-section" aria-label={en.venue.title}>
        <h2>{en.venue.title}</h2>
        {!venue ? (
          <p className="muted">{en.venue.unknown}</p>
        ) : (
          <>
            <div className="venue-state">
              <span
                className={`pill pill-large ${venue.isOnline ? 'pill-ok' : 'pill-bad'}`}
                data-testid="venue-online"
              >
                {venue.isOnline ? en.venue.online : en.venue.offline}
              </span>
              <span className={`pill pill-large ${venue.isOpen ? 'pill-ok' : 'pill-neutral'}`}>
                {venue.isOpen ? en.venue.open : en.venue.closed}
              </span>
              {!venue.isOnline && (
                <span>
                  {venue.offlineUntil
                    ? en.venue.offlineUntil(formatClock(venue.offlineUntil))
                    : en.venue.offlineIndefinitely}
                </span>
              )}
              {venue.pending && (
                <span className="state-pending" role="status">
                  <span className="spinner" aria-hidden="true" /> {en.venue.pending}
                </span>
              )}
            </div>
            <p className="muted">
              {venue.fetchedAt
                ? en.venue.fetchedAt(formatClock(venue.fetchedAt))
                : en.venue.neverFetched}{' '}
              <button
                type="button"
                className="btn btn-quiet btn-small"
                onClick={() => void refresh()}
              >
                {en.venue.refresh}
              </button>
            </p>
          </>
        )}
        <div className="dialog-actions start">
          {venue?.isOnline === false ? (
            <button
              type="button"
              className="btn btn-go btn-large"
              onClick={() => void change(true, null)}
            >
              {en.venue.goOnline}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-danger btn-large"
              onClick={() => setChoosing((c) => !c)}
            >
              {en.venue.goOffline}
            </button>
          )}
        </div>
        {choosing && (
          <div className="picker" role="group" aria-label={en.venue.offlineFor}>
            <span className="picker-label">{en.venue.offlineFor}</span>
            {DURATIONS.map((d) => (
              <button
                key={d}
                type="button"
                className="chip chip-wide"
                onClick={() => void change(false, untilFor(d, Date.now()))}
              >
                {en.venue.durations[d]}
              </button>
            ))}
          </div>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
      {venue && <OpeningTimesEditor key={venue.fetchedAt ?? 'none'} initial={venue.openingTimes} />}
      <StreamSettings />
    </main>
  );
};
