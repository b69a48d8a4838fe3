// What the setup slice's parts share: the stored connection, the slice's dependencies and its
// mutable state (the relay link, the platform's reachability, the clock), so each concern is a
// module-level function over one explicit context instead of a closure over all of them.
import type { LinkWhy, PlatformReachability, RelayConnection } from '../../shared/domain';
import type { AuditLog } from '../audit/audit-log';
import type { ConnectInput, TokenManager } from '../auth/token-manager';
import type { EventHub } from '../host/event-hub';
import type { RelayClient, RelayClientOptions } from '../relay-client/relay-client';
import type { SecretStore } from '../secrets/secret-store';
import { ServiceError } from '../service-error';
import { encodeRefusal, refusal as refusalOf } from '../../shared/refusals';
import type { Database } from '../storage/database';
import type { Settings } from '../storage/settings';
import type { FieldProblem } from './preflight';

export type Connection = {
  authUrl: string;
  posUrl: string;
  relayUrl: string;
  clientId: string;
  redirectUri: string;
  venueId: string;
  /** The platform's onboarding page of the last sign-in (absent: connected with a pasted code). */
  onboardingUrl?: string;
};

export const CONNECTION_KEY = 'connection';
/**
 * The relay refused this terminal's key (its operator revoked it): the key left the keychain, and
 * the terminal waits for a new one (Change connection) instead of asking again at every start.
 */
export const RELAY_REFUSED_KEY = 'relay-refused';

/** The stored venue connection (addresses and venue id, no secret), e.g. for `npm run doctor`. */
export const storedConnection = (settings: Settings): Connection | null =>
  settings.get<Connection>(CONNECTION_KEY);

/** What the relay link reports to the other slices. */
export type RelayHooks = Pick<
  RelayClientOptions,
  'durable' | 'onCommitted' | 'onDeliveryCommitted' | 'onVenueSettingsHint' | 'onReconnected'
> & {
  /** The relay link's state as the relay client sees it (the stream guard's input). */
  onState?: RelayClientOptions['onState'];
};

export type SetupDeps = {
  db: Database;
  settings: Settings;
  secrets: SecretStore;
  now: () => Date;
  audit: AuditLog;
  hub: EventHub;
  relayWaitSeconds?: number;
  relayBackoff?: { baseMs?: number; capMs?: number };
  relay: RelayHooks;
  /** What the status shows of the other slices. */
  venueName: () => string | null;
  outboxCounts: () => { waiting: number; failed: number };
  /** A venue was connected (`changed`: another venue than before). */
  connected: (venueId: string, changed: boolean) => void;
  /**
   * The terminal is being disconnected: the slices forget their set-up and erase the venue's
   * orders, deliveries and customers' data.
   */
  disconnecting: () => Promise<void>;
  /** The relay link moved (Change connection): what the relay holds for the venue is handed again. */
  relayChanged: () => void;
  /** The venues added to the terminal after the first (main/marketplace/venue-connections.ts). */
  venues: {
    add(input: ConnectInput, check: (venueId: string) => void): Promise<{ venueId: string }>;
    remove(venueId: string): Promise<void>;
    ids(): string[];
  };
  /** A venue's name as its orders gave it (null: none seen yet). */
  venueNameOf: (venueId: string) => string | null;
  /** Actions of one venue (its orders' and its own) not yet at the platform. */
  venueActionsWaiting: (venueId: string) => number;
  /** A venue was added: what the platform holds for it is read now. */
  venueAdded: (venueId: string) => void;
  /** A venue leaves the terminal: its orders, actions, deliveries, menu and drafts are erased. */
  removingVenue: (venueId: string) => Promise<void>;
  /** Throws unless `pin` is the staff PIN; resolves whether one is set. */
  checkStaffPin: (pin: string | undefined) => Promise<boolean>;
  /** Shows the platform's sign-in page to staff (the desktop's browser; a host without one: none). */
  openSignInPage?: (url: string) => Promise<void>;
};

/** The relay link: the running client and its state as staff see it. */
export type RelayLink = {
  client: RelayClient | null;
  state: RelayConnection;
  error: string | null;
  why: LinkWhy | null;
  /** Removing a refused key; closing waits for it: its audit entry must not outlive the database. */
  forgetting: Promise<void>;
};

/** The platform as the marketplace client last saw it. */
export type PlatformHealth = {
  reachability: PlatformReachability;
  error: string | null;
  why: LinkWhy | null;
  /** The platform's clock offset (ms, platform − ours), once an answer carried one. */
  clockOffsetMs: number | null;
};

export type SetupContext = {
  deps: SetupDeps;
  tokens: TokenManager;
  link: RelayLink;
  platform: PlatformHealth;
  /** The sign-in waiting for its code (one at a time: a new one cancels it). */
  signIn: { cancel(): void } | null;
  connection(): Connection | null;
  statusChanged(): void;
};

export const isProblem = (value: unknown): value is FieldProblem =>
  value !== null && typeof value === 'object' && 'field' in value;

/** Setup refused before the venue was connected: each field with its fix, and what was kept. */
const REFUSALS = {
  'nothing-spent': 'setup-nothing-spent',
  'code-held': 'setup-code-held',
  'nothing-changed': 'setup-nothing-changed',
} as const;

export const refusal = (problems: FieldProblem[], kept: keyof typeof REFUSALS): ServiceError =>
  new ServiceError(
    'invalid-request',
    refusalOf(REFUSALS[kept]),
    // Each field's refusal as its code: the form words it on the field in the screen's language.
    problems.map((p) => ({ path: p.field, message: encodeRefusal(p.refusal) })),
  );
