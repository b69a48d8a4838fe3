// Calendar days and clock times in the venue's time zone (the terminal's, VenueState.timeZone),
// with the platform's own Intl: no date library, and no guess at offsets that daylight saving moves.
import type { Day } from '../../shared/history';

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

export type LocalParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

export const localParts = (ms: number, timeZone: string): LocalParts => {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(ms)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 0,
    day: parts.day ?? 0,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The local day of an instant, YYYY-MM-DD. */
export const localDay = (ms: number, timeZone: string): Day => {
  const p = localParts(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
};

/** "YYYY-MM-DD HH:MM:SS" in the zone: what a spreadsheet reads as a date and time. */
export const localDateTime = (ms: number, timeZone: string): string => {
  const p = localParts(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
};

/** The zone's offset from UTC at an instant, in ms. */
const offsetAt = (ms: number, timeZone: string): number => {
  const p = localParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
};

/** The first instant of a local day (its midnight, or the first hour after a gap at midnight). */
const startOf = (day: Day, timeZone: string): number => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  // Twice: the offset at the first guess may differ from the offset at local midnight.
  let at = wall - offsetAt(wall, timeZone);
  at = wall - offsetAt(at, timeZone);
  return at;
};

/** The instants a local day covers, [from, to), as ISO strings comparable with stored times. */
export const dayBounds = (day: Day, timeZone: string): { from: string; to: string } => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return {
    from: new Date(startOf(day, timeZone)).toISOString(),
    to: new Date(startOf(next, timeZone)).toISOString(),
  };
};
