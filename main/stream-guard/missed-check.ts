// The missed-order watch's checks: reading the venue status, the relay's word on the webhooks,
// settling what is on its way, folding the result; one check at a time, on a timer.
import type { IntakeVerdict, MissedWatchContext } from './missed-context';
import { INTAKE_STALE_MS, read, watchedVenues, write } from './missed-context';
import { alignLatest } from '../lib/latest-alignment';
import { fold, unexplained } from './missed-fold';

/** Takes in the relay's word on the venue's webhooks; tells staff when it changed. */
const updateIntake = (
  ctx: MissedWatchContext,
  venueId: string,
  verdict: IntakeVerdict | null,
  readAt: string,
): void => {
  const { audit, changed } = ctx.deps;
  const before = ctx.intake;
  if (verdict) {
    ctx.intake = verdict.noOrdersArriving
      ? {
          lastWebhookAt: verdict.lastWebhookAt,
          quietSeconds: verdict.quietSeconds,
          thresholdSeconds: verdict.thresholdSeconds,
          reportedAt: readAt,
        }
      : null;
  } else if (
    ctx.intake &&
    Date.parse(readAt) - Date.parse(ctx.intake.reportedAt) > INTAKE_STALE_MS
  ) {
    ctx.intake = null;
  }
  const intake = ctx.intake;
  if (before?.lastWebhookAt !== intake?.lastWebhookAt || (before === null) !== (intake === null)) {
    if (intake && !before)
      audit.record({
        action: 'missed-order',
        subject: venueId,
        outcome: 'no-orders-arriving',
        detail: `The relay received no notification for ${intake.quietSeconds} s (usual at most ${intake.thresholdSeconds} s).`,
      });
    changed();
  }
};

/** Checks every venue of the terminal, one after the other; one venue's failure spares the rest. */
const check = async (ctx: MissedWatchContext): Promise<void> => {
  let failed: unknown = null;
  for (const venueId of watchedVenues(ctx.deps)) {
    if (ctx.closed) return;
    await checkVenue(ctx, venueId).catch((error: unknown) => {
      failed ??= error;
    });
  }
  if (failed !== null) throw failed;
};

const checkVenue = async (ctx: MissedWatchContext, venueId: string): Promise<void> => {
  const { deps } = ctx;
  let status = await deps.readVenueStatus(venueId);
  let readAt = deps.now().toISOString();
  const verdict = await deps
    .reportToRelay(venueId, { online: status.isOnline, open: status.isOpen })
    .catch(() => null);
  // The relay's word is per venue: staff are warned while any venue's orders stop arriving.
  ctx.intake = ctx.intakes.get(venueId) ?? null;
  updateIntake(ctx, venueId, verdict, readAt);
  ctx.intakes.set(venueId, ctx.intake);
  ctx.intake =
    watchedVenues(deps)
      .map((id) => ctx.intakes.get(id) ?? null)
      .find((intake) => intake !== null) ?? null;
  const depth = Math.max(3, status.latest.length) + 3;
  let alignment = alignLatest(status.latest, deps.latestOrders(depth, venueId));
  if (unexplained(read(ctx, venueId), alignment, readAt)) {
    // What is on its way (in the inbox, or a status our copy lags) is no missing order: take
    // it in, then ask the platform again, so both sides are read in that order. Not for what
    // staff were already told of: a missed order stays in the list for a while, and reading
    // every open order again every check meanwhile would only load the platform.
    await deps.settle();
    status = await deps.readVenueStatus(venueId);
    readAt = deps.now().toISOString();
    alignment = alignLatest(status.latest, deps.latestOrders(depth, venueId));
  }
  if (ctx.closed || !watchedVenues(deps).includes(venueId)) return;
  const stored = read(ctx, venueId);
  const suspicionsBefore = stored.items.filter((i) => i.raisedAt === null).length;
  const told = fold(ctx, stored, alignment, readAt);
  write(ctx, stored);
  ctx.checkedAt = readAt;
  const suspicions = stored.items.filter((i) => i.raisedAt === null).length;
  if (told || suspicions !== suspicionsBefore) deps.changed();
};

export const schedule = (ctx: MissedWatchContext): void => {
  if (ctx.timer) clearTimeout(ctx.timer);
  ctx.timer = null;
  if (ctx.closed) return;
  const items = watchedVenues(ctx.deps).flatMap((venueId) => read(ctx, venueId).items);
  const at = ctx.deps.now().getTime();
  // A suspicion is looked at again as soon as its grace is over, not at the next tick.
  const due = items
    .filter((i) => i.raisedAt === null && !i.acknowledged)
    .map((i) => Date.parse(i.firstSeen) + ctx.graceMs - at);
  const delay = Math.max(0, Math.min(ctx.intervalMs, ...due.map((d) => d + 50)));
  ctx.timer = setTimeout(() => run(ctx), delay);
  ctx.timer.unref();
};

/** Checks now, or as soon as the running check ends. */
export const run = (ctx: MissedWatchContext): void => {
  if (ctx.closed) return;
  if (ctx.running) {
    ctx.again = true;
    return;
  }
  if (ctx.timer) clearTimeout(ctx.timer);
  ctx.timer = null;
  ctx.again = false;
  // A check that fails (the platform unreachable) says nothing: the platform's own alarm does,
  // and the next check comes at the interval.
  ctx.running = check(ctx)
    .catch(() => undefined)
    .finally(() => {
      ctx.running = null;
      if (ctx.again) run(ctx);
      else schedule(ctx);
    });
};
