// The fleet's venue page (GET /fleet/venue?id=…, behind the metrics token): one venue's terminals
// and its trouble of the last 24 hours, each change of what a terminal reported wrong, with when it
// began and ended. Each health report is judged when it arrives (presence.ts) into the problems
// named here without their ages, so a row is kept only when what is wrong changes, not each time
// an age grows; the store keeps one row per change (terminal_trouble), whichever instance heard it.
// Above it, each terminal of the venue as now: heard from when, or silent since when (fleet.ts's
// rule), so a till that stopped polling shows without waiting for a report it will never send.
import type { EventStore } from './store/event-store';
import { escapeHtml, isSilent, span, terminalProblems, type TerminalProblem } from './fleet';
import { terminalHealthSchema } from '../shared/terminal-health';
import { isVenueId } from '../shared/venue-id';

/** How far back the venue page looks: the day behind the partner's support. */
export const VENUE_DAY_MS = 24 * 60 * 60_000;

const STEADY_WORDS: Record<string, string> = {
  actions_waiting: 'Actions waiting',
  orders_unanswered: 'Orders unanswered',
  clock_off: 'Clock off',
};

/**
 * What a checked report (its canonical JSON) says is wrong, as words that do not change while the
 * trouble lasts: ages and counts left out. A venue the terminal's guard paused is trouble too.
 */
export const reportTrouble = (report: string, at: number): TerminalProblem[] => {
  const parsed = terminalHealthSchema.safeParse(JSON.parse(report));
  if (!parsed.success) return [];
  const problems = terminalProblems(at, parsed.data, true, at).map((p) => ({
    code: p.code,
    text: STEADY_WORDS[p.code] ?? p.text,
  }));
  for (const venue of parsed.data.venues) {
    if (venue.paused_by_countertop_since !== null) {
      problems.push({
        code: 'paused_by_countertop',
        text: `Venue ${venue.venue_id} paused by Countertop`,
      });
    }
  }
  return problems;
};

export type VenueTroubleEntry = {
  terminal_id: string;
  terminal_name: string | null;
  problems: TerminalProblem[];
  started_at: string;
  /** When the terminal next reported something else (null: still so). */
  ended_at: string | null;
};

const readProblems = (text: string): TerminalProblem[] => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as TerminalProblem[]) : [];
  } catch {
    return [];
  }
};

/** A terminal of the venue as it is now. */
export type VenueTerminal = {
  terminal_id: string;
  terminal_name: string | null;
  /** Its last poll or report (null: never heard from). */
  last_seen_at: string | null;
  silent: boolean;
  /** Silent since its last call, or since its key was issued when it never called (else null). */
  silent_since: string | null;
};

export type VenueDay = { terminals: VenueTerminal[]; entries: VenueTroubleEntry[] };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The venue's terminals now and their trouble since `at - VENUE_DAY_MS`, newest first, a silence
 * going on now among it (null: no such venue).
 */
export async function venueDay(
  store: Pick<EventStore, 'listTerminals' | 'terminalTrouble' | 'terminalPresence'>,
  venueId: string,
  at: number,
): Promise<VenueDay | null> {
  const terminals = (await store.listTerminals())
    .filter((t) => t.revokedAt === null && t.venueIds.includes(venueId))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (terminals.length === 0) return null;
  const ids = terminals.map((t) => t.id);
  const names = new Map(terminals.map((t) => [t.id, t.name]));
  const [rows, presences] = await Promise.all([
    store.terminalTrouble(ids, at - VENUE_DAY_MS),
    store.terminalPresence(ids),
  ]);
  const seenAt = new Map(presences.map((p) => [p.terminalId, p.lastSeenAt]));
  const now: VenueTerminal[] = terminals.map((t) => {
    const lastSeen = seenAt.get(t.id) ?? null;
    const silent = isSilent(lastSeen, at);
    return {
      terminal_id: t.id,
      terminal_name: t.name,
      last_seen_at: lastSeen === null ? null : iso(lastSeen),
      silent,
      silent_since: silent ? iso(lastSeen ?? t.createdAt) : null,
    };
  });
  const entries: VenueTroubleEntry[] = [];
  const open = new Map<string, VenueTroubleEntry>();
  for (const row of rows) {
    const last = open.get(row.terminalId);
    if (last) last.ended_at = new Date(row.at).toISOString();
    open.delete(row.terminalId);
    const problems = readProblems(row.problems);
    if (problems.length === 0) continue;
    const entry: VenueTroubleEntry = {
      terminal_id: row.terminalId,
      terminal_name: names.get(row.terminalId) ?? null,
      problems,
      started_at: new Date(row.at).toISOString(),
      ended_at: null,
    };
    entries.push(entry);
    open.set(row.terminalId, entry);
  }
  // A silence is not stored (no call marks its start): it is read from the last call, as now.
  for (const t of now) {
    if (t.silent_since === null) continue;
    const seconds = Math.max(0, Math.round((at - Date.parse(t.silent_since)) / 1000));
    entries.push({
      terminal_id: t.terminal_id,
      terminal_name: t.terminal_name,
      problems: [
        {
          code: 'silent',
          text:
            t.last_seen_at === null
              ? 'Never heard from since its key was issued'
              : `Silent for ${span(seconds)}: no poll or report`,
        },
      ],
      started_at: t.silent_since,
      ended_at: null,
    });
  }
  // Newest first; of two at one moment, the one stored later.
  const order = entries.map((entry, i) => ({ entry, i }));
  order.sort(
    (a, b) => Date.parse(b.entry.started_at) - Date.parse(a.entry.started_at) || b.i - a.i,
  );
  return { terminals: now, entries: order.map(({ entry }) => entry) };
}

export const venueIdOf = (search: URLSearchParams): string | null => {
  const id = search.get('id');
  return id !== null && isVenueId(id) ? id : null;
};

const clock = (stamp: string) => `${stamp.slice(0, 10)} ${stamp.slice(11, 19)} UTC`;

const ago = (stamp: string, at: number) =>
  span(Math.max(0, Math.round((at - Date.parse(stamp)) / 1000)));

/** "Silent since 09:04:10 UTC (6 min)", or when it was last heard from. */
const terminalNow = (t: VenueTerminal, at: number): string => {
  const e = escapeHtml;
  if (t.silent_since === null) {
    return `<span class="fine">Heard from ${e(ago(t.last_seen_at ?? '', at))} ago</span>`;
  }
  return t.last_seen_at === null
    ? `<span class="problem">Never heard from</span> since its key was issued ${e(clock(t.silent_since))}`
    : `<span class="problem">Silent since ${e(clock(t.silent_since))}</span> (${e(ago(t.silent_since, at))}): no poll or report since then`;
};

export function renderVenueDayHtml(venueId: string, day: VenueDay, at: number): string {
  const e = escapeHtml;
  const { entries } = day;
  const terminals = day.terminals
    .map((t) =>
      [
        `<tr class="${t.silent ? 'silent' : 'heard'}">`,
        `<td>${e(t.terminal_name ?? t.terminal_id)}</td>`,
        `<td>${t.last_seen_at === null ? 'never' : e(clock(t.last_seen_at))}</td>`,
        `<td>${terminalNow(t, at)}</td>`,
        '</tr>',
      ].join(''),
    )
    .join('\n');
  const body =
    entries.length === 0
      ? '<tr><td colspan="4">No trouble reported in the last 24 hours.</td></tr>'
      : entries
          .map((entry) =>
            [
              `<tr class="${entry.ended_at === null ? 'ongoing' : 'over'}">`,
              `<td>${e(clock(entry.started_at))}</td>`,
              `<td>${entry.ended_at === null ? '<b>still</b>' : e(clock(entry.ended_at))}</td>`,
              `<td>${e(entry.terminal_name ?? entry.terminal_id)}</td>`,
              `<td>${entry.problems.map((p) => `<span class="problem">${e(p.text)}</span>`).join('; ')}</td>`,
              '</tr>',
            ].join(''),
          )
          .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Venue ${e(venueId)}: trouble today</title>
<style>
body{font:15px system-ui,sans-serif;margin:1.5rem}
table{border-collapse:collapse;width:100%}
th,td{border-bottom:1px solid #ccc;padding:.4rem .6rem;text-align:left;vertical-align:top}
tr.ongoing td:first-child,tr.silent td:first-child{color:#fff;background:#b00020;font-weight:600}
.problem{color:#b00020;font-weight:600}
h2{font-size:1.1rem;margin-top:1.5rem}
</style></head><body>
<p><a href="/fleet">Fleet</a></p>
<h1>Venue ${e(venueId)}</h1>
<h2>Its terminals now</h2>
<table id="terminals"><thead><tr><th>Terminal</th><th>Last heard from</th><th>Now</th></tr></thead>
<tbody>
${terminals}
</tbody></table>
<h2>Trouble today</h2>
<p>What its terminals reported wrong in the last 24 hours, and a silence going on now, newest first.</p>
<table id="trouble"><thead><tr><th>From</th><th>Until</th><th>Terminal</th><th>What was wrong</th></tr></thead>
<tbody>
${body}
</tbody></table></body></html>
`;
}
