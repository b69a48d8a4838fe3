// The setup:* channels: connecting a venue (everything checked before the one-time code is
// spent), changing the relay link without a new code, and disconnecting the terminal.
import type { ParsedRequestOf, SetupState } from '../../shared/ipc/contract';
import { resetCursor } from '../relay-client/relay-client';
import { failure, ServiceError } from '../service-error';
import { refusal as why } from '../../shared/refusals';
import { checkOrderApi, checkRelay, checkTokenService, venueMismatch } from './preflight';
import { quietRelay, restartRelay, startRelay, stopRelay } from './relay-link';
import type { FieldProblem } from './preflight';
import type { Connection, SetupContext } from './setup-context';
import { CONNECTION_KEY, isProblem, refusal, RELAY_REFUSED_KEY } from './setup-context';

const connectedVenues = (ctx: SetupContext): SetupState['venues'] => {
  const first = ctx.connection()?.venueId ?? null;
  if (first === null) return [];
  const { venueNameOf, venues } = ctx.deps;
  return [
    { venueId: first, name: venueNameOf(first), first: true },
    ...venues
      .ids()
      .filter((id) => id !== first)
      .map((venueId) => ({ venueId, name: venueNameOf(venueId), first: false })),
  ];
};

export const setupState = (ctx: SetupContext): SetupState => {
  const conn = ctx.connection();
  return {
    configured: conn !== null,
    venueId: conn?.venueId ?? null,
    venues: connectedVenues(ctx),
    authUrl: conn?.authUrl ?? null,
    posUrl: conn?.posUrl ?? null,
    relayUrl: conn?.relayUrl ?? null,
    clientId: conn?.clientId ?? null,
    redirectUri: conn?.redirectUri ?? null,
    onboardingUrl: conn?.onboardingUrl ?? null,
  };
};

/** Checks the relay and the platform, then spends the code; returns the venue the code is for. */
const exchangeCode = async (
  ctx: SetupContext,
  request: ParsedRequestOf<'setup:connect'>,
): Promise<string> => {
  // Everything but the code is checked first: the code is single use.
  const [relay, ...platform] = await Promise.all([
    checkRelay(request.relayUrl, request.terminalKey),
    checkTokenService(request),
    checkOrderApi(request.posUrl),
  ]);
  const problems = [relay, ...platform].filter(isProblem);
  if (problems.length > 0) throw refusal(problems, 'nothing-spent');
  const relayVenues = isProblem(relay) ? null : relay.venueIds;
  const { venueId } = await ctx.tokens.connect(request, (codeVenue) => {
    const mismatch = venueMismatch(codeVenue, relayVenues);
    if (mismatch) throw refusal([mismatch], 'code-held');
  });
  await quietRelay(ctx);
  await ctx.deps.secrets.set('terminal-key', request.terminalKey);
  ctx.deps.settings.delete(RELAY_REFUSED_KEY);
  return venueId;
};

export const connectVenue = async (
  ctx: SetupContext,
  request: ParsedRequestOf<'setup:connect'>,
  /** Where the code came from when the sign-in brought it: kept to prefill the next sign-in. */
  via: { onboardingUrl?: string } = {},
): Promise<{ venueId: string }> => {
  const { settings, audit } = ctx.deps;
  let venue: string;
  try {
    venue = await exchangeCode(ctx, request);
  } catch (error) {
    // A link stopped for a key that was not written goes on as it was.
    await startRelay(ctx);
    audit.record({
      action: 'connect',
      subject: request.clientId,
      outcome: 'failed',
      detail: error instanceof Error ? error.message : null,
    });
    throw failure(error, 'connect');
  }
  const previous = ctx.connection();
  const onboardingUrl = via.onboardingUrl ?? previous?.onboardingUrl;
  settings.set(CONNECTION_KEY, {
    authUrl: request.authUrl,
    posUrl: request.posUrl,
    relayUrl: request.relayUrl,
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    venueId: venue,
    ...(onboardingUrl ? { onboardingUrl } : {}),
  } satisfies Connection);
  audit.record({ action: 'connect', subject: venue, outcome: 'done', detail: null });
  // Before the relay restarts: what it brings in belongs to the new venue.
  ctx.deps.connected(venue, previous?.venueId !== venue);
  await restartRelay(ctx);
  ctx.statusChanged();
  return { venueId: venue };
};

export const changeConnection = async (
  ctx: SetupContext,
  request: ParsedRequestOf<'setup:change'>,
): Promise<SetupState> => {
  const { settings, secrets, audit } = ctx.deps;
  const conn = ctx.connection();
  if (!conn) throw new ServiceError('not-configured', why('connect-first'));
  const newKey = request.terminalKey?.trim() ? request.terminalKey.trim() : null;
  const terminalKey = newKey ?? (await secrets.get('terminal-key'));
  if (!terminalKey)
    throw refusal([{ field: 'terminalKey', refusal: why('setup-no-key') }], 'nothing-changed');
  const relay = await checkRelay(request.relayUrl, terminalKey);
  const problem = isProblem(relay) ? relay : venueMismatch(conn.venueId, relay.venueIds);
  if (problem) throw refusal([problem], 'nothing-changed');
  if (newKey) await quietRelay(ctx);
  try {
    if (newKey) await secrets.set('terminal-key', newKey);
  } catch (error) {
    // Nothing changed: the link stopped for the write goes on with the stored key.
    await startRelay(ctx);
    throw failure(error, 'change');
  }
  settings.set(CONNECTION_KEY, { ...conn, relayUrl: request.relayUrl } satisfies Connection);
  // The relay just accepted the key: whatever it refused before is behind us.
  settings.delete(RELAY_REFUSED_KEY);
  audit.record({
    action: 'connection',
    subject: conn.venueId,
    outcome: 'changed',
    detail: newKey ? 'relay address and terminal key' : 'relay address',
  });
  await restartRelay(ctx);
  ctx.deps.relayChanged();
  ctx.statusChanged();
  return setupState(ctx);
};

export const disconnectTerminal = async (
  ctx: SetupContext,
  request: ParsedRequestOf<'setup:disconnect'>,
): Promise<void> => {
  const { deps } = ctx;
  await deps.checkStaffPin(request.pin);
  const waiting = deps.outboxCounts();
  if (waiting.waiting + waiting.failed > 0 && !request.discardWaiting)
    throw new ServiceError('conflict', why('actions-waiting', waiting.waiting + waiting.failed));
  const venue = ctx.connection()?.venueId ?? '-';
  await stopRelay(ctx);
  try {
    // Every venue of the terminal leaves with it: the added ones' grants too.
    for (const added of deps.venues.ids()) await deps.venues.remove(added);
    await ctx.tokens.disconnect();
    await deps.secrets.delete('terminal-key');
    await deps.disconnecting();
  } catch (error) {
    throw failure(error, 'disconnect');
  }
  resetCursor(deps.db);
  deps.settings.delete(CONNECTION_KEY);
  deps.settings.delete(RELAY_REFUSED_KEY);
  deps.audit.record({ action: 'disconnect', subject: venue, outcome: 'done', detail: null });
  ctx.statusChanged();
};

const ALREADY_HERE: FieldProblem = { field: 'code', refusal: why('setup-code-first-venue') };

export const addVenue = async (
  ctx: SetupContext,
  request: ParsedRequestOf<'setup:addVenue'>,
): Promise<{ venueId: string }> => {
  const { deps } = ctx;
  const conn = ctx.connection();
  if (!conn) throw new ServiceError('not-configured', why('connect-first'));
  let venueId: string;
  try {
    const terminalKey = await deps.secrets.get('terminal-key');
    if (!terminalKey)
      throw refusal([{ field: 'code', refusal: why('setup-no-key-change') }], 'nothing-spent');
    // The code is single use: the relay and the platform are checked before it is spent.
    const [relay, tokenService] = await Promise.all([
      checkRelay(conn.relayUrl, terminalKey),
      checkTokenService({ ...request, authUrl: conn.authUrl }),
    ]);
    const problems = [relay, tokenService].filter(isProblem);
    if (problems.length > 0) throw refusal(problems, 'nothing-spent');
    const relayVenues = isProblem(relay) ? null : relay.venueIds;
    ({ venueId } = await deps.venues.add({ ...request, authUrl: conn.authUrl }, (codeVenue) => {
      const problem =
        codeVenue === conn.venueId ? ALREADY_HERE : venueMismatch(codeVenue, relayVenues);
      if (problem) throw refusal([problem], 'code-held');
    }));
  } catch (error) {
    deps.audit.record({
      action: 'venue-add',
      subject: request.clientId,
      outcome: 'failed',
      detail: error instanceof Error ? error.message : null,
    });
    throw failure(error, 'addVenue');
  }
  deps.audit.record({ action: 'venue-add', subject: venueId, outcome: 'done', detail: null });
  deps.venueAdded(venueId);
  ctx.statusChanged();
  return { venueId };
};

export const removeVenue = async (
  ctx: SetupContext,
  request: ParsedRequestOf<'setup:removeVenue'>,
): Promise<SetupState> => {
  const { deps } = ctx;
  const { venueId } = request;
  if (ctx.connection()?.venueId === venueId) throw new ServiceError('conflict', why('first-venue'));
  if (!deps.venues.ids().includes(venueId))
    throw new ServiceError('not-found', why('venue-not-connected'));
  await deps.checkStaffPin(request.pin);
  const waiting = deps.venueActionsWaiting(venueId);
  if (waiting > 0 && !request.discardWaiting)
    throw new ServiceError('conflict', why('venue-actions-waiting', waiting));
  try {
    await deps.venues.remove(venueId);
    await deps.removingVenue(venueId);
  } catch (error) {
    throw failure(error, 'removeVenue');
  }
  deps.audit.record({ action: 'venue-remove', subject: venueId, outcome: 'done', detail: null });
  ctx.statusChanged();
  return setupState(ctx);
};
