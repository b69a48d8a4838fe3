// Pure helpers for the history and end-of-day views: the venue's calendar day, labels derived
// from the shared tables, and handing a text file to the browser's download.
import type { DeliveryType, OrderStatus } from '../../shared/domain';
import type { Day } from '../../shared/history';
import { screenLocale } from '../ui-kit/format';
import { en } from './messages';

/** The calendar day `at` falls on in `timeZone` (YYYY-MM-DD), e.g. the venue's today. */
export const dayIn = (at: number, timeZone: string): Day => {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(at);
  } catch {
    // An unknown zone name must not blank the screen: this machine's zone is the venue's anyway.
    parts = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(at);
  }
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
};

/** The day `delta` days from `day`: calendar arithmetic, so no daylight-saving hour is lost. */
export const addDays = (day: Day, delta: number): Day => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
};

/** A day as staff read it, in the screen's language: "Mon 23 Nov 2026", "ma 23.11.2026". */
export const formatDay = (day: Day): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(screenLocale(), {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** A date and time in this machine's (the venue's) time zone: "23 Nov, 14:05". */
export const formatDateTime = (iso: string): string =>
  new Date(iso).toLocaleString(screenLocale(), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

// Getters: worded at each read, so a list follows a switch of language (a value read at load
// stayed in the language the screen started in).
export const DELIVERY_TYPE_LABEL: Readonly<Record<DeliveryType, string>> = {
  get takeaway() {
    return en.order.takeaway;
  },
  get homedelivery() {
    return en.order.delivery;
  },
  get eatin() {
    return en.order.eatin;
  },
};

/** The pill an order's status wears in lists: handed over good, rejected or cancelled bad. */
export const statusPill = (status: OrderStatus): string =>
  status === 'DELIVERED'
    ? 'pill-ok'
    : status === 'REJECTED' || status === 'CANCELED'
      ? 'pill-bad'
      : 'pill-neutral';

/** Whole minutes, rounded, for averages (a "just now" would hide a 40-second prep). */
export const formatMinutes = (seconds: number): string =>
  en.history.minutes(Math.max(0, Math.round(seconds / 60)));

/** Hands `text` to the browser as a file download (the desktop app saves it to Downloads). */
export const downloadText = (filename: string, text: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked later, not at once: the browser may still be reading the blob when click returns.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
};
