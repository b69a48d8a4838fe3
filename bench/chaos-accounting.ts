// The chaos shift's verdict (chaos.bench.ts): for every order the platform has, whether staff
// knew of it — its card reached the board, or an alarm on screen named it — or it was a silent
// miss. Pure functions over what the shift recorded, so the rule can be tested on its own.
//
// A missed-order alarm names one order (by when it was placed, as our own orders around it bound
// it) and, with "orders placed after it, until …", a span in which more may be missing; a gap
// notice names every order placed in its span. An alarm names an order only if it was first on
// screen after the order was placed and its times fit the order's: "placed about 11:54" is the
// middle of bounds at most 5 minutes apart, shown to the minute, so it fits an order placed
// 2.5 minutes either side of that minute (plus the minute itself). Each missed-order alarm
// accounts for at most one order: two orders lost around 11:54 need two alarms.

/** One order as the platform has it. */
export type PlatformOrder = { id: string; orderNumber: string; placedAt: number };

/** What an alarm row said, and when that text was first on screen. */
export type ShownText = { text: string; firstSeen: number };

/** An alarm row staff saw (a missed order or a gap notice), with every text it showed. */
export type ShownAlarm = { key: string; kind: 'missed' | 'gap'; texts: ShownText[] };

export type OrderVerdict = {
  order: PlatformOrder;
  /** When its card was first on the board (null: never). */
  onBoardAt: number | null;
  /** When an alarm naming it was first on screen (null: none did). */
  alarmedAt: number | null;
  /** The alarm that named it first. */
  alarmKey: string | null;
  /** Every alarm that named it. */
  alarmKeys: string[];
};

const MINUTE = 60_000;
const CLOCK = /(\d\d):(\d\d)(?::(\d\d))?/;

/** A clock time on screen ("11:54" or "11:54:05") on the local day of `near`, in ms. */
export const clockAt = (text: string, near: number): number | null => {
  const match = CLOCK.exec(text);
  if (!match) return null;
  const day = new Date(near);
  day.setHours(Number(match[1]), Number(match[2]), Number(match[3] ?? 0), 0);
  let at = day.getTime();
  // A time shown just after midnight for an order placed just before it, and the reverse.
  if (at - near > 12 * 3600_000) at -= 24 * 3600_000;
  if (near - at > 12 * 3600_000) at += 24 * 3600_000;
  return at;
};

/** "Order #12 (placed about 11:54) reached this terminal late": the alarm's order turned up. */
const LATE = /^Order #\S+ \(/;

const withSeconds = (text: string): boolean => /\d\d:\d\d:\d\d/.test(text);

/** The placing times a text fits: a single order's [from, to], and a span of many, each or null. */
export const spansOf = (
  kind: 'missed' | 'gap',
  text: string,
  near: number,
): { one: [number, number] | null; many: [number, number] | null } => {
  const at = (part: string) => clockAt(part, near);
  if (kind === 'gap') {
    const match = /Orders placed (\S+)–(\S+) may not have reached/.exec(text);
    if (!match) return { one: null, many: null };
    const from = at(match[1] as string);
    const to = at(match[2] as string);
    if (from === null || to === null) return { one: null, many: null };
    return { one: null, many: [from, to + (withSeconds(match[2] as string) ? 1_000 : MINUTE)] };
  }
  let one: [number, number] | null = null;
  let lower: number | null = null;
  const about = /placed about (\d\d:\d\d)/.exec(text);
  const between = /placed between (\d\d:\d\d) and (\d\d:\d\d)/.exec(text);
  const before = /placed before (\d\d:\d\d)/.exec(text);
  if (about) {
    const t = at(about[1] as string);
    if (t !== null) one = [t - 2.5 * MINUTE, t + 3.5 * MINUTE];
    lower = t === null ? null : t - 2.5 * MINUTE;
  } else if (between) {
    const from = at(between[1] as string);
    const to = at(between[2] as string);
    if (from !== null && to !== null) one = [from, to + MINUTE];
    lower = from;
  } else if (before) {
    const to = at(before[1] as string);
    if (to !== null) one = [-Infinity, to + MINUTE];
    lower = -Infinity;
  }
  // "Order #12 (placed …) reached this terminal late": it names the order itself.
  const more = /until (\d\d:\d\d), may be missing too/.exec(text);
  const until = more ? at(more[1] as string) : null;
  const many: [number, number] | null =
    until !== null && lower !== null ? [lower, until + MINUTE] : null;
  return { one, many };
};

/**
 * Which orders staff knew of, and how. An order on the board is known; for the others, spans
 * (gap notices, "may be missing too") name every order in them, and each missed-order alarm
 * names at most one more, assigned so that as many orders as possible are named (orders in
 * placing order, each to the fitting alarm whose window closes first).
 */
export const account = (
  orders: readonly PlatformOrder[],
  onBoard: ReadonlyMap<string, number>,
  alarms: readonly ShownAlarm[],
): OrderVerdict[] => {
  const verdicts: OrderVerdict[] = orders.map((order) => ({
    order,
    onBoardAt: onBoard.get(order.orderNumber) ?? null,
    alarmedAt: null,
    alarmKey: null,
    alarmKeys: [],
  }));
  const pending = verdicts
    .filter((v) => v.onBoardAt === null)
    .sort((a, b) => a.order.placedAt - b.order.placedAt);
  // Named by number: "Order #N … reached this terminal late".
  for (const v of pending) {
    for (const alarm of alarms) {
      const named = alarm.texts.find((t) => t.text.includes(`Order #${v.order.orderNumber} `));
      if (named) {
        v.alarmedAt = named.firstSeen;
        v.alarmKey = alarm.key;
        v.alarmKeys.push(alarm.key);
      }
    }
  }
  // Spans name every order placed in them.
  const spanned = new Map<OrderVerdict, { at: number; key: string }>();
  for (const v of pending) {
    if (v.alarmedAt !== null) continue;
    for (const alarm of alarms) {
      for (const shown of alarm.texts) {
        if (shown.firstSeen < v.order.placedAt) continue;
        const span = spansOf(alarm.kind, shown.text, v.order.placedAt).many;
        if (!span || v.order.placedAt < span[0] || v.order.placedAt > span[1]) continue;
        const best = spanned.get(v);
        if (!best || shown.firstSeen < best.at)
          spanned.set(v, { at: shown.firstSeen, key: alarm.key });
      }
    }
  }
  // Each missed-order alarm names one order at most; one that turned up late named its own.
  // Orders no span names get them first, then the spanned ones (which tells which alarms were
  // about an order at all, and may name them sooner).
  const used = new Set<string>(
    alarms.filter((a) => a.texts.some((t) => LATE.test(t.text))).map((a) => a.key),
  );
  const assign = (v: OrderVerdict): void => {
    let best: { key: string; closes: number; firstSeen: number } | null = null;
    for (const alarm of alarms) {
      if (alarm.kind !== 'missed' || used.has(alarm.key)) continue;
      for (const shown of alarm.texts) {
        if (shown.firstSeen < v.order.placedAt) continue;
        const one = spansOf('missed', shown.text, v.order.placedAt).one;
        if (!one || v.order.placedAt < one[0] || v.order.placedAt > one[1]) continue;
        if (best === null || one[1] < best.closes)
          best = { key: alarm.key, closes: one[1], firstSeen: shown.firstSeen };
      }
    }
    if (best) {
      used.add(best.key);
      v.alarmedAt = best.firstSeen;
      v.alarmKey = best.key;
      v.alarmKeys.push(best.key);
    }
  };
  const open = pending.filter((v) => v.alarmedAt === null);
  for (const v of open) if (!spanned.has(v)) assign(v);
  for (const v of open) if (spanned.has(v)) assign(v);
  for (const [v, span] of spanned) {
    v.alarmKeys.push(span.key);
    if (v.alarmedAt === null || span.at < v.alarmedAt) {
      v.alarmedAt = span.at;
      v.alarmKey = span.key;
    }
  }
  return verdicts;
};

/**
 * The missed-order alarms no order accounts for: false alarms, as far as the screen tells. An
 * alarm whose order reached the board after it appeared (late, after staff confirmed the alarm,
 * so it was never named on screen) is accounted for by that order when its times fit.
 */
export const unexplainedAlarms = (
  verdicts: readonly OrderVerdict[],
  alarms: readonly ShownAlarm[],
): ShownAlarm[] => {
  const named = new Set(verdicts.flatMap((v) => v.alarmKeys));
  const lateFor = (alarm: ShownAlarm): boolean =>
    alarm.texts.some((shown) =>
      verdicts.some((v) => {
        if (v.onBoardAt === null || v.order.placedAt > shown.firstSeen) return false;
        if (v.onBoardAt <= shown.firstSeen) return false;
        const one = spansOf('missed', shown.text, v.order.placedAt).one;
        return one !== null && v.order.placedAt >= one[0] && v.order.placedAt <= one[1];
      }),
    );
  return alarms.filter(
    (a) =>
      a.kind === 'missed' &&
      !named.has(a.key) &&
      !a.texts.some((t) => LATE.test(t.text)) &&
      !lateFor(a),
  );
};

export const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
