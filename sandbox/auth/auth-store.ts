// The token service's state: registered clients, authorization codes, grants and their tokens.
// One grant is one onboarding of a venue by a client (one code exchange); every token pair of
// the refresh chain belongs to it, so reuse detection and consent withdrawal revoke by grant.
import { createHash, generateKeyPairSync, timingSafeEqual } from 'node:crypto';
import { createLocalJWKSet, errors as joseErrors, exportJWK, jwtVerify, SignJWT } from 'jose';
import type { JSONWebKeySet, KeyObject } from 'jose';
import type { Clock } from '../clock';
import { hexId, opaqueToken, uuid } from '../random';

export const CODE_TTL_MS = 60 * 60 * 1000;
export const ACCESS_TTL_SECONDS = 3600;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SCOPE = 'offline';

export type Client = { id: string; secret: string; redirectUris: string[] };

type AuthCode = {
  clientId: string;
  venueId: string;
  redirectUri: string;
  expiresAt: number;
  used: boolean;
  revoked: boolean;
};

type Grant = {
  id: string;
  clientId: string;
  venueId: string;
  integrationId: string;
  subject: string;
  revoked: boolean;
  accessJtis: Set<string>;
  refreshTokens: Set<string>;
};

type RefreshToken = { grantId: string; expiresAt: number; used: boolean };
type AccessRecord = { grantId: string; expiresAt: number };

export type TokenPair = {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  scope: string;
  token_type: 'bearer';
};

/** What a failed exchange answers: the fosite error code and its optional hint. */
export type GrantFailure = { error: 'invalid_grant'; hint: string | null };
export type ExchangeResult = { ok: true; tokens: TokenPair } | { ok: false; failure: GrantFailure };

export type AccessClaims = { clientId: string; venueId: string; jti: string; grantId: string };
export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; reason: string };

export const HINTS = {
  codeUsed: 'The authorization code has already been used.',
  clientMismatch:
    'The OAuth 2.0 Client ID from this request does not match the one from the authorize request.',
  redirectMismatch:
    "The 'redirect_uri' from this request does not match the one from the authorize request.",
  refreshInvalid: 'The refresh token is malformed or not valid.',
  refreshExpired: 'The refresh token expired.',
  refreshUsed: 'The refresh token was already used.',
  refreshOtherClient:
    'The OAuth 2.0 Client ID from this request does not match the ID during the initial token issuance.',
} as const;

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
/** Constant-time string comparison (hash first so lengths never leak). */
export const safeEqual = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b));

export type AuthStore = ReturnType<typeof createAuthStore>;

type SigningKey = { privateKey: KeyObject; publicKey: KeyObject };
let processKey: SigningKey | null = null;
/**
 * The RSA key every sandbox of this process signs with, made at its first use: a 2048-bit key
 * costs about a quarter of a second of CPU, and a test run starts hundreds of sandboxes in a few
 * processes. Another process (a restarted sandbox) has another key.
 */
const signingKey = (): SigningKey =>
  (processKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }));

// eslint-disable-next-line max-lines-per-function -- the sandbox token service's state machine as the spec states it, one method per grant; a list to read against the spec
export function createAuthStore(clock: Clock, urls: { authUrl: string; audience: string }) {
  const clients = new Map<string, Client>();
  const codes = new Map<string, AuthCode>();
  const grants = new Map<string, Grant>();
  const refreshTokens = new Map<string, RefreshToken>();
  const accessTokens = new Map<string, AccessRecord>();
  // What tests check from outside: a reuse detection is the one failure a partner must never cause.
  const stats = { code_exchanges: 0, refreshes: 0, reuse_detections: 0 };

  // Tokens of an earlier start must not verify: each start signs under a key id of its own, the
  // only one its key set holds (besides its own issuer URL and its own record of what it issued).
  const kid = hexId();
  let jwks: JSONWebKeySet | null = null;
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;

  async function publicJwks(): Promise<JSONWebKeySet> {
    if (!jwks) {
      const jwk = await exportJWK(signingKey().publicKey);
      jwks = { keys: [{ ...jwk, kid, alg: 'RS256', use: 'sig' }] };
    }
    return jwks;
  }

  function revokeGrant(grant: Grant): void {
    grant.revoked = true;
    for (const jti of grant.accessJtis) accessTokens.delete(jti);
    grant.accessJtis.clear();
  }

  async function issuePair(grant: Grant): Promise<TokenPair> {
    const iat = Math.floor(clock.now() / 1000);
    const jti = uuid();
    const accessToken = await new SignJWT({
      client_id: grant.clientId,
      integration: { id: grant.integrationId, venue_id: grant.venueId },
      scp: [SCOPE],
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setAudience([urls.audience])
      .setIssuer(urls.authUrl)
      .setSubject(grant.subject)
      .setJti(jti)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + ACCESS_TTL_SECONDS)
      .sign(signingKey().privateKey);
    const refreshToken = opaqueToken('ory_rt_');
    accessTokens.set(jti, { grantId: grant.id, expiresAt: (iat + ACCESS_TTL_SECONDS) * 1000 });
    grant.accessJtis.add(jti);
    refreshTokens.set(refreshToken, {
      grantId: grant.id,
      expiresAt: clock.now() + REFRESH_TTL_MS,
      used: false,
    });
    grant.refreshTokens.add(refreshToken);
    return {
      access_token: accessToken,
      expires_in: ACCESS_TTL_SECONDS,
      refresh_token: refreshToken,
      scope: SCOPE,
      token_type: 'bearer',
    };
  }

  const fail = (hint: string | null): ExchangeResult => ({
    ok: false,
    failure: { error: 'invalid_grant', hint },
  });

  return {
    publicJwks,

    stats(): Readonly<typeof stats> {
      return { ...stats };
    },

    upsertClient(client: Client): void {
      clients.set(client.id, client);
    },
    getClient: (id: string): Client | undefined => clients.get(id),

    /** The client when id and secret match, else null. */
    authenticate(id: string, secret: string): Client | null {
      const client = clients.get(id);
      return client && safeEqual(client.secret, secret) ? client : null;
    },

    /** What onboarding hands the partner: a 1-hour, single-use code bound to client and redirect_uri. */
    mintCode(clientId: string, venueId: string, redirectUri: string): string {
      const code = opaqueToken('ory_ac_');
      codes.set(code, {
        clientId,
        venueId,
        redirectUri,
        expiresAt: clock.now() + CODE_TTL_MS,
        used: false,
        revoked: false,
      });
      return code;
    },

    async exchangeCode(
      client: Client,
      code: string,
      redirectUri: string | null,
    ): Promise<ExchangeResult> {
      const record = code === '' ? undefined : codes.get(code);
      if (!record || record.revoked) return fail(null);
      if (record.used) return fail(HINTS.codeUsed);
      if (clock.now() >= record.expiresAt) return fail(null);
      if (record.clientId !== client.id) return fail(HINTS.clientMismatch);
      if (redirectUri !== record.redirectUri) return fail(HINTS.redirectMismatch);
      record.used = true;
      const grant: Grant = {
        id: uuid(),
        clientId: client.id,
        venueId: record.venueId,
        integrationId: hexId(),
        subject: `merchant-${record.venueId}`,
        revoked: false,
        accessJtis: new Set(),
        refreshTokens: new Set(),
      };
      grants.set(grant.id, grant);
      stats.code_exchanges++;
      return { ok: true, tokens: await issuePair(grant) };
    },

    async refresh(client: Client, token: string): Promise<ExchangeResult> {
      const record = token === '' ? undefined : refreshTokens.get(token);
      const grant = record ? grants.get(record.grantId) : undefined;
      if (!record || !grant || grant.revoked) return fail(HINTS.refreshInvalid);
      if (record.used) {
        // Reuse means the chain leaked: end the whole grant, the newest pair included.
        stats.reuse_detections++;
        revokeGrant(grant);
        return fail(HINTS.refreshUsed);
      }
      if (clock.now() >= record.expiresAt) return fail(HINTS.refreshExpired);
      if (grant.clientId !== client.id) return fail(HINTS.refreshOtherClient);
      // Strict rotation: the previous pair stops working the moment the new one exists.
      record.used = true;
      for (const jti of grant.accessJtis) accessTokens.delete(jti);
      grant.accessJtis.clear();
      stats.refreshes++;
      return { ok: true, tokens: await issuePair(grant) };
    },

    /** Verifies signature, issuer, time (sandbox clock) and that the token was not revoked. */
    async checkAccessToken(token: string): Promise<AccessCheck> {
      keySet ??= createLocalJWKSet(await publicJwks());
      try {
        const { payload } = await jwtVerify(token, keySet, {
          issuer: urls.authUrl,
          algorithms: ['RS256'],
          currentDate: clock.date(),
          clockTolerance: 0,
        });
        const jti = typeof payload.jti === 'string' ? payload.jti : '';
        const record = accessTokens.get(jti);
        const grant = record ? grants.get(record.grantId) : undefined;
        if (!record || !grant || grant.revoked)
          return { ok: false, reason: 'The access token has been revoked.' };
        return {
          ok: true,
          claims: { clientId: grant.clientId, venueId: grant.venueId, jti, grantId: grant.id },
        };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          return { ok: false, reason: 'The access token expired.' };
        return {
          ok: false,
          reason: 'The access token is malformed or its signature is not valid.',
        };
      }
    },

    /**
     * Ends every integration of the venue (optionally only the given client's): grants, their
     * tokens and codes not yet exchanged. Returns how many grants were revoked.
     */
    revokeVenue(venueId: string, clientId?: string): number {
      let count = 0;
      for (const grant of grants.values()) {
        if (grant.venueId !== venueId || grant.revoked) continue;
        if (clientId !== undefined && grant.clientId !== clientId) continue;
        revokeGrant(grant);
        count++;
      }
      for (const code of codes.values()) {
        if (code.venueId === venueId && (clientId === undefined || code.clientId === clientId))
          code.revoked = true;
      }
      return count;
    },

    /** Whether the venue has a live integration (used by the control API's state view). */
    activeGrants(venueId: string): number {
      let count = 0;
      for (const grant of grants.values()) if (grant.venueId === venueId && !grant.revoked) count++;
      return count;
    },
  };
}
