// The fleet's venue page (GET /fleet/venue?id=…, behind the metrics token): one venue's terminals
// and its trouble of the last 24 hours, each change of what a terminal reported wrong, with when it
// began and ended. Each health report is judged when it arrives (presence.ts) into the problems
// named here without their ages, so a row is kept only when what is wrong changes, not each time
// an age grows; the store keeps one row per change (terminal_trouble), whichever instance heard it.
import type { EventStore } from './store/event-store';
import { escapeHtml, terminalProblems, type TerminalProblem } from './fleet';
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

/** The venue's terminals' trouble since `at - VENUE_DAY_MS`, newest first (null: no such venue). */
export async function venueDay(
  store: Pick<EventStore, 'listTerminals' | 'terminalTrouble'>,
  venueId: string,
  at: number,
): Promise<VenueTroubleEntry[] | null> {
  const terminals = (await store.listTerminals()).filter(
    (t) => t.revokedAt === null && t.venueIds.includes(venueId),
  );
  if (terminals.length === 0) return null;
  const names = new Map(terminals.map((t) => [t.id, t.name]));
  const rows = await store.terminalTrouble(
    terminals.map((t) => t.id),
    at - VENUE_DAY_MS,
  );
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
  return entries.reverse();
}

export const venueIdOf = (search: URLSearchParams): string | null => {
  const id = search.get('id');
  return id !== null && isVenueId(id) ? id : null;
};

const clock = (stamp: string) => `${stamp.slice(0, 10)} ${stamp.slice(11, 19)} UTC`;

export function renderVenueDayHtml(venueId: string, entries: VenueTroubleEntry[]): string {
  const e = escapeHtml;
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
tr.ongoing td:first-child{color:#fff;background:#b00020;font-weight:600}
.problem{color:#b00020;font-weight:600}
</style></head><body>
<p><a href="/fleet">Fleet</a></p>
<h1>Venue ${e(venueId)}</h1>
<p>Trouble its terminals reported in the last 24 hours, newest first.</p>
<table><thead><tr><th>From</th><th>Until</th><th>Terminal</th><th>What was wrong</th></tr></thead>
<tbody>
${body}
</tbody></table></body></html>
`;
}
