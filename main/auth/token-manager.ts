// Owns the venue's token pair. The rules that keep a venue from being locked out:
// - one refresh at a time (single flight); every caller waits on the same promise;
// - the new refresh token is in the keychain before anyone gets the new access token;
// - a refresh POST whose answer was lost is never repeated with the same refresh token: the
//   server may have rotated it, and presenting it again revokes the whole grant;
// - a refused refresh token (invalid_grant, token_inactive) means "reconnect the venue";
//   nothing else is thrown away.
import type { SecretStore } from '../secrets/secret-store';
import type { Settings } from '../storage/settings';
import { RequestError } from '../http/http';
import type { TokenPair } from './token-client';
import { exchangeAuthorizationCode, exchangeRefreshToken, oauthErrorCode } from './token-client';

export type AuthConfig = { authUrl: string; clientId: string; venueId: string };

export type AuthState = {
  config: AuthConfig | null;
  needsReconnect: boolean;
  reconnectReason: string | null;
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
  requireReconnect(reason: string): void;
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
type StoredReconnect = { reason: string };

const AUTH_KEY = 'auth';
const RECONNECT_KEY = 'auth.reconnect';

/** Token-service answers that mean the grant itself is gone. */
const REFUSED = new Set([
  'invalid_grant',
  'token_inactive',
  'invalid_client',
  'unauthorized_client',
]);

// eslint-disable-next-line max-lines-per-function -- one closure over the token's refresh state (single flight, keychain, retry timer); not yet cut into module-level functions over a context (issue 37)
export const createTokenManager = (options: TokenManagerOptions): TokenManager => {
  const { secrets, settings, now } = options;
  const margin = options.refreshMarginMs ?? 5 * 60_000;
  const maxInterval = options.maxRefreshIntervalMs ?? 24 * 3600_000;
  const listeners = new Set<(state: AuthState) => void>();

  let access: { token: string; expiresAt: number } | null = null;
  // A rotated refresh token the keychain refused to store: the only valid one, so it is kept here
  // (never on disk) and used for the next refresh instead of the stale keychain copy.
  let unsavedRefreshToken: string | null = null;
  let inflight: Promise<string> | null = null;
  // Bumped by connect/disconnect so a refresh that started before cannot overwrite newer state.
  let generation = 0;
  // A pair whose venue setup refused (the code is spent): kept for a retry with the same code.
  let refused: { input: ConnectInput; pair: TokenPair } | null = null;
  const sameInput = (a: ConnectInput, b: ConnectInput): boolean =>
    a.authUrl === b.authUrl &&
    a.clientId === b.clientId &&
    a.clientSecret === b.clientSecret &&
    a.code === b.code &&
    a.redirectUri === b.redirectUri;

  const stored = (): StoredAuth | null => settings.get<StoredAuth>(AUTH_KEY);
  const reconnect = (): StoredReconnect | null => settings.get<StoredReconnect>(RECONNECT_KEY);

  const state = (): AuthState => {
    const auth = stored();
    const pending = reconnect();
    return {
      config: auth
        ? { authUrl: auth.authUrl, clientId: auth.clientId, venueId: auth.venueId }
        : null,
      needsReconnect: pending !== null,
      reconnectReason: pending?.reason ?? null,
    };
  };
  const emit = (): void => {
    const snapshot = state();
    for (const listener of listeners) listener(snapshot);
  };

  const requireReconnect = (reason: string): void => {
    access = null;
    settings.set(RECONNECT_KEY, { reason } satisfies StoredReconnect);
    emit();
  };

  const adopt = async (pair: TokenPair, auth: AuthConfig): Promise<string> => {
    // Keychain first: if the app dies right after, the only valid refresh token is not lost.
    try {
      await secrets.set('refresh-token', pair.refreshToken);
      unsavedRefreshToken = null;
    } catch (error) {
      unsavedRefreshToken = pair.refreshToken;
      throw error;
    }
    settings.set(AUTH_KEY, { ...auth, lastRefreshAt: now().toISOString() } satisfies StoredAuth);
    access = { token: pair.accessToken, expiresAt: now().getTime() + pair.expiresIn * 1000 };
    return pair.accessToken;
  };

  const refresh = async (): Promise<string> => {
    const auth = stored();
    if (!auth) throw new NotConfiguredError();
    const pendingReconnect = reconnect();
    if (pendingReconnect) throw new ReconnectNeededError(pendingReconnect.reason);
    const clientSecret = await secrets.get('client-secret');
    const refreshToken = unsavedRefreshToken ?? (await secrets.get('refresh-token'));
    if (!clientSecret || !refreshToken) {
      const reason = "The venue's credentials are missing from the keychain; reconnect the venue.";
      requireReconnect(reason);
      throw new ReconnectNeededError(reason);
    }
    const started = generation;
    let pair: TokenPair;
    try {
      pair = await exchangeRefreshToken(
        {
          authUrl: auth.authUrl,
          clientId: auth.clientId,
          clientSecret,
          timeoutMs: options.timeoutMs,
        },
        refreshToken,
      );
    } catch (error) {
      if (started !== generation) throw error;
      const code = oauthErrorCode(error);
      if (code && REFUSED.has(code)) {
        const reason = `The platform refused the venue's refresh token (${code}); reconnect the venue.`;
        options.onRefresh?.('refused', code);
        requireReconnect(reason);
        throw new ReconnectNeededError(reason);
      }
      if (error instanceof RequestError && error.outcomeUnknown) {
        // The server may have rotated the token; sending it again would count as reuse.
        const reason =
          'The answer to a token refresh was lost, so the stored refresh token may no longer be ' +
          'valid; reconnect the venue.';
        options.onRefresh?.('lost', error.message);
        requireReconnect(reason);
        throw new ReconnectNeededError(reason);
      }
      options.onRefresh?.('failed', error instanceof Error ? error.message : null);
      throw error;
    }
    if (started !== generation)
      throw new ReconnectNeededError('The venue was reconnected meanwhile.');
    const token = await adopt(pair, {
      authUrl: auth.authUrl,
      clientId: auth.clientId,
      venueId: auth.venueId,
    });
    options.onRefresh?.('ok', null);
    return token;
  };

  const singleFlightRefresh = (): Promise<string> => {
    inflight ??= refresh().finally(() => {
      inflight = null;
    });
    return inflight;
  };

  const getAccessToken = async (): Promise<string> => {
    const pendingReconnect = reconnect();
    if (pendingReconnect) throw new ReconnectNeededError(pendingReconnect.reason);
    if (inflight) return inflight;
    if (access && access.expiresAt - now().getTime() > margin) return access.token;
    return singleFlightRefresh();
  };

  /** After a 401 with `rejected`: refresh unless someone already replaced that token. */
  const replaceRejected = async (rejected: string): Promise<string> => {
    if (inflight) return inflight;
    if (access && access.token !== rejected && access.expiresAt - now().getTime() > margin)
      return access.token;
    access = null;
    return singleFlightRefresh();
  };

  const withAccessToken = async <T>(call: (accessToken: string) => Promise<T>): Promise<T> => {
    const token = await getAccessToken();
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof RequestError) || error.status !== 401) throw error;
      const fresh = await replaceRejected(token);
      return call(fresh);
    }
  };

  return {
    connect: async (input, accept) => {
      const { authUrl, clientId, clientSecret, code, redirectUri } = input;
      generation += 1;
      unsavedRefreshToken = null;
      const held = refused !== null && sameInput(refused.input, input) ? refused.pair : null;
      refused = null;
      const pair =
        held ??
        (await exchangeAuthorizationCode(
          { authUrl, clientId, clientSecret, timeoutMs: options.timeoutMs },
          code,
          redirectUri,
        ));
      try {
        accept?.(pair.venueId);
      } catch (error) {
        refused = { input, pair };
        throw error;
      }
      await secrets.set('client-secret', clientSecret);
      await adopt(pair, { authUrl, clientId, venueId: pair.venueId });
      settings.delete(RECONNECT_KEY);
      emit();
      return { venueId: pair.venueId };
    },
    getAccessToken,
    withAccessToken,
    refreshIfDue: async () => {
      const auth = stored();
      if (!auth || reconnect()) return;
      const sinceRefresh = now().getTime() - Date.parse(auth.lastRefreshAt);
      const nearExpiry = !access || access.expiresAt - now().getTime() <= margin;
      if (nearExpiry || sinceRefresh >= maxInterval) await singleFlightRefresh();
    },
    requireReconnect,
    state,
    disconnect: async () => {
      generation += 1;
      access = null;
      refused = null;
      unsavedRefreshToken = null;
      await secrets.delete('refresh-token');
      await secrets.delete('client-secret');
      settings.delete(AUTH_KEY);
      settings.delete(RECONNECT_KEY);
      emit();
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
