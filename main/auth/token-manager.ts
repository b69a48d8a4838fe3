// Owns the venue's token pair. The rules that keep a venue from being locked out:
// - one refresh at a time (single flight); every caller waits on the same promise;
// - the new refresh token is in the keychain before anyone gets the new access token;
// - a refresh POST whose answer was lost is never repeated with the same refresh token: the
//   server may have rotated it, and presenting it again revokes the whole grant;
// - a refused refresh token (invalid_grant, token_inactive) means "reconnect the venue";
//   nothing else is thrown away.
import type { SecretStore } from '../secrets/secret-store';
import type { Settings } from '../storage/settings';
import type { ReconnectWhy } from '../../shared/domain';
import { RequestError } from '../http/http';
import type { TokenPair } from './token-client';
import { exchangeAuthorizationCode, exchangeRefreshToken, oauthErrorCode } from './token-client';

export type AuthConfig = { authUrl: string; clientId: string; venueId: string };

export type AuthState = {
  config: AuthConfig | null;
  needsReconnect: boolean;
  /** The English detail, for the audit log and support. */
  reconnectReason: string | null;
  /** Why, as a code the screen words; null for a reconnect stored before it was kept. */
  reconnectWhy: ReconnectWhy | null;
};

export class ReconnectNeededError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ReconnectNeededError';
  }
}

export class NotConfiguredError extends Error {
  constructor() {
    super('The venue is not connected yet.');
    this.name = 'NotConfiguredError';
  }
}

export type TokenManager = {
  /** Onboarding: exchange the code, store the pair, remember the venue from the token. */
  connect(
    input: ConnectInput,
    /**
     * Runs between the exchange and storing anything: what it throws refuses the venue. The code
     * is spent by then, so its pair is held here (in memory only) and a retry with the same code
     * and client uses it instead of the spent code.
     */
    accept?: (venueId: string) => void,
  ): Promise<{ venueId: string }>;
  /** A valid access token, refreshing first when it is missing or about to expire. */
  getAccessToken(): Promise<string>;
  /** Runs a call with the token; on 401 refreshes once and retries once. */
  withAccessToken<T>(call: (accessToken: string) => Promise<T>): Promise<T>;
  /** Refreshes when the token is near expiry or the last refresh is older than a day. */
  refreshIfDue(): Promise<void>;
  /** Marks the venue for reconnection (e.g. consent withdrawn), keeping everything else. */
  requireReconnect(reason: string, why: ReconnectWhy): void;
  state(): AuthState;
  disconnect(): Promise<void>;
  onChange(listener: (state: AuthState) => void): () => void;
};

export type ConnectInput = {
  authUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
};

export type TokenManagerOptions = {
  secrets: SecretStore;
  settings: Settings;
  now: () => Date;
  /** Refresh when less than this remains of the access token (default 5 minutes). */
  refreshMarginMs?: number;
  /** Longest time between refreshes, so the 30-day refresh token never lapses (default 1 day). */
  maxRefreshIntervalMs?: number;
  /** Timeout of token-service requests. */
  timeoutMs?: number;
  onRefresh?: (outcome: 'ok' | 'refused' | 'failed' | 'lost', detail: string | null) => void;
};

type StoredAuth = AuthConfig & { lastRefreshAt: string };
type StoredReconnect = { reason: string; why?: ReconnectWhy };

const AUTH_KEY = 'auth';
const RECONNECT_KEY = 'auth.reconnect';

/** Token-service answers that mean the grant itself is gone. */
const REFUSED = new Set([
  'invalid_grant',
  'token_inactive',
  'invalid_client',
  'unauthorized_client',
]);

/** The token manager's state and dependencies, passed to the module-level functions below. */
type TokenContext = {
  options: TokenManagerOptions;
  secrets: SecretStore;
  settings: Settings;
  now: () => Date;
  margin: number;
  maxInterval: number;
  listeners: Set<(state: AuthState) => void>;
  access: { token: string; expiresAt: number } | null;
  // A rotated refresh token the keychain refused to store: the only valid one, so it is kept here
  // (never on disk) and used for the next refresh instead of the stale keychain copy.
  unsavedRefreshToken: string | null;
  inflight: Promise<string> | null;
  // Bumped by connect/disconnect so a refresh that started before cannot overwrite newer state.
  generation: number;
  // A pair whose venue setup refused (the code is spent): kept for a retry with the same code.
  refused: { input: ConnectInput; pair: TokenPair } | null;
};

const sameInput = (a: ConnectInput, b: ConnectInput): boolean =>
  a.authUrl === b.authUrl &&
  a.clientId === b.clientId &&
  a.clientSecret === b.clientSecret &&
  a.code === b.code &&
  a.redirectUri === b.redirectUri;

const stored = (ctx: TokenContext): StoredAuth | null => ctx.settings.get<StoredAuth>(AUTH_KEY);
const reconnect = (ctx: TokenContext): StoredReconnect | null =>
  ctx.settings.get<StoredReconnect>(RECONNECT_KEY);

const readState = (ctx: TokenContext): AuthState => {
  const auth = stored(ctx);
  const pending = reconnect(ctx);
  return {
    config: auth ? { authUrl: auth.authUrl, clientId: auth.clientId, venueId: auth.venueId } : null,
    needsReconnect: pending !== null,
    reconnectReason: pending?.reason ?? null,
    reconnectWhy: pending?.why ?? null,
  };
};

const emit = (ctx: TokenContext): void => {
  const snapshot = readState(ctx);
  for (const listener of ctx.listeners) listener(snapshot);
};

const requireReconnect = (ctx: TokenContext, reason: string, why: ReconnectWhy): void => {
  ctx.access = null;
  ctx.settings.set(RECONNECT_KEY, { reason, why } satisfies StoredReconnect);
  emit(ctx);
};

const adopt = async (ctx: TokenContext, pair: TokenPair, auth: AuthConfig): Promise<string> => {
  // Keychain first: if the app dies right after, the only valid refresh token is not lost.
  try {
    await ctx.secrets.set('refresh-token', pair.refreshToken);
    ctx.unsavedRefreshToken = null;
  } catch (error) {
    ctx.unsavedRefreshToken = pair.refreshToken;
    throw error;
  }
  ctx.settings.set(AUTH_KEY, {
    ...auth,
    lastRefreshAt: ctx.now().toISOString(),
  } satisfies StoredAuth);
  ctx.access = { token: pair.accessToken, expiresAt: ctx.now().getTime() + pair.expiresIn * 1000 };
  return pair.accessToken;
};

/** A failed refresh exchange: what it means for the grant, thrown as the caller should see it. */
const refreshFailed = (ctx: TokenContext, error: unknown): never => {
  const code = oauthErrorCode(error);
  if (code && REFUSED.has(code)) {
    const reason = `The platform refused the venue's refresh token (${code}); reconnect the venue.`;
    ctx.options.onRefresh?.('refused', code);
    requireReconnect(ctx, reason, 'refused');
    throw new ReconnectNeededError(reason);
  }
  if (error instanceof RequestError && error.outcomeUnknown) {
    // The server may have rotated the token; sending it again would count as reuse.
    const reason =
      'The answer to a token refresh was lost, so the stored refresh token may no longer be ' +
      'valid; reconnect the venue.';
    ctx.options.onRefresh?.('lost', error.message);
    requireReconnect(ctx, reason, 'lost');
    throw new ReconnectNeededError(reason);
  }
  ctx.options.onRefresh?.('failed', error instanceof Error ? error.message : null);
  throw error;
};

const refresh = async (ctx: TokenContext): Promise<string> => {
  const auth = stored(ctx);
  if (!auth) throw new NotConfiguredError();
  const pendingReconnect = reconnect(ctx);
  if (pendingReconnect) throw new ReconnectNeededError(pendingReconnect.reason);
  const clientSecret = await ctx.secrets.get('client-secret');
  const refreshToken = ctx.unsavedRefreshToken ?? (await ctx.secrets.get('refresh-token'));
  if (!clientSecret || !refreshToken) {
    const reason = "The venue's credentials are missing from the keychain; reconnect the venue.";
    requireReconnect(ctx, reason, 'keychain');
    throw new ReconnectNeededError(reason);
  }
  const started = ctx.generation;
  let pair: TokenPair;
  try {
    pair = await exchangeRefreshToken(
      {
        authUrl: auth.authUrl,
        clientId: auth.clientId,
        clientSecret,
        timeoutMs: ctx.options.timeoutMs,
      },
      refreshToken,
    );
  } catch (error) {
    if (started !== ctx.generation) throw error;
    return refreshFailed(ctx, error);
  }
  if (started !== ctx.generation)
    throw new ReconnectNeededError('The venue was reconnected meanwhile.');
  const token = await adopt(ctx, pair, {
    authUrl: auth.authUrl,
    clientId: auth.clientId,
    venueId: auth.venueId,
  });
  ctx.options.onRefresh?.('ok', null);
  return token;
};

const singleFlightRefresh = (ctx: TokenContext): Promise<string> => {
  ctx.inflight ??= refresh(ctx).finally(() => {
    ctx.inflight = null;
  });
  return ctx.inflight;
};

const getAccessToken = async (ctx: TokenContext): Promise<string> => {
  const pendingReconnect = reconnect(ctx);
  if (pendingReconnect) throw new ReconnectNeededError(pendingReconnect.reason);
  if (ctx.inflight) return ctx.inflight;
  if (ctx.access && ctx.access.expiresAt - ctx.now().getTime() > ctx.margin)
    return ctx.access.token;
  return singleFlightRefresh(ctx);
};

/** After a 401 with `rejected`: refresh unless someone already replaced that token. */
const replaceRejected = async (ctx: TokenContext, rejected: string): Promise<string> => {
  if (ctx.inflight) return ctx.inflight;
  const { access } = ctx;
  if (access && access.token !== rejected && access.expiresAt - ctx.now().getTime() > ctx.margin)
    return access.token;
  ctx.access = null;
  return singleFlightRefresh(ctx);
};

const withAccessToken = async <T>(
  ctx: TokenContext,
  call: (accessToken: string) => Promise<T>,
): Promise<T> => {
  const token = await getAccessToken(ctx);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof RequestError) || error.status !== 401) throw error;
    const fresh = await replaceRejected(ctx, token);
    return call(fresh);
  }
};

const connect = async (
  ctx: TokenContext,
  input: ConnectInput,
  accept?: (venueId: string) => void,
): Promise<{ venueId: string }> => {
  const { authUrl, clientId, clientSecret, code, redirectUri } = input;
  ctx.generation += 1;
  ctx.unsavedRefreshToken = null;
  const held =
    ctx.refused !== null && sameInput(ctx.refused.input, input) ? ctx.refused.pair : null;
  ctx.refused = null;
  const pair =
    held ??
    (await exchangeAuthorizationCode(
      { authUrl, clientId, clientSecret, timeoutMs: ctx.options.timeoutMs },
      code,
      redirectUri,
    ));
  try {
    accept?.(pair.venueId);
  } catch (error) {
    ctx.refused = { input, pair };
    throw error;
  }
  await ctx.secrets.set('client-secret', clientSecret);
  await adopt(ctx, pair, { authUrl, clientId, venueId: pair.venueId });
  ctx.settings.delete(RECONNECT_KEY);
  emit(ctx);
  return { venueId: pair.venueId };
};

const refreshIfDue = async (ctx: TokenContext): Promise<void> => {
  const auth = stored(ctx);
  if (!auth || reconnect(ctx)) return;
  const sinceRefresh = ctx.now().getTime() - Date.parse(auth.lastRefreshAt);
  const nearExpiry = !ctx.access || ctx.access.expiresAt - ctx.now().getTime() <= ctx.margin;
  if (nearExpiry || sinceRefresh >= ctx.maxInterval) await singleFlightRefresh(ctx);
};

const disconnect = async (ctx: TokenContext): Promise<void> => {
  ctx.generation += 1;
  ctx.access = null;
  ctx.refused = null;
  ctx.unsavedRefreshToken = null;
  await ctx.secrets.delete('refresh-token');
  await ctx.secrets.delete('client-secret');
  ctx.settings.delete(AUTH_KEY);
  ctx.settings.delete(RECONNECT_KEY);
  emit(ctx);
};

export const createTokenManager = (options: TokenManagerOptions): TokenManager => {
  const ctx: TokenContext = {
    options,
    secrets: options.secrets,
    settings: options.settings,
    now: options.now,
    margin: options.refreshMarginMs ?? 5 * 60_000,
    maxInterval: options.maxRefreshIntervalMs ?? 24 * 3600_000,
    listeners: new Set(),
    access: null,
    unsavedRefreshToken: null,
    inflight: null,
    generation: 0,
    refused: null,
  };
  return {
    connect: (input, accept) => connect(ctx, input, accept),
    getAccessToken: () => getAccessToken(ctx),
    withAccessToken: (call) => withAccessToken(ctx, call),
    refreshIfDue: () => refreshIfDue(ctx),
    requireReconnect: (reason, why) => requireReconnect(ctx, reason, why),
    state: () => readState(ctx),
    disconnect: () => disconnect(ctx),
    onChange: (listener) => {
      ctx.listeners.add(listener);
      return () => ctx.listeners.delete(listener);
    },
  };
};
