// The one declaration of the app's service API. Main registers a handler per channel and
// validates each request with the channel's schema; preload exposes one function per channel;
// the web host serves the same channels over HTTP. Types of both sides derive from this table.
import { priceChangeSchema } from '../menu-price';
import type { MenuDraft } from '../menu-draft';
import { MENU_MAX_CHARS, menuDraftSchema } from '../menu-draft';
import { z } from 'zod';
import { visibleAscii } from '../visible-ascii';
import type {
  AppStatus,
  AuditEntry,
  Delivery,
  DeliveryAreaAnswer,
  DeliveryQuote,
  DeliverySetupState,
  LogEntry,
  MachineSettings,
  MenuDiff,
  MenuIssue,
  MenuProblem,
  MenuItemSummary,
  MenuState,
  Order,
  OutboxEntry,
  VenueState,
} from '../domain';
import {
  DELIVERY_CANCEL_CODES,
  DELIVERY_TYPES,
  LOG_LEVELS,
  ORDER_STATUSES,
  WEEKDAYS,
} from '../domain';
import type { OrderSettings } from '../order-timing';
import type { OrderActionChannel, OrderActionKind, OrderActionSchema } from '../order-actions';
import { ORDER_ACTION_KINDS, orderActionChannel, orderActionSchema } from '../order-actions';
import type {
  DeliveryAreaCheckRequest,
  DeliveryBookRequest,
  DeliveryQuoteRequest,
} from '../delivery-booking';
import {
  deliveryAreaCheckSchema,
  deliveryBookSchema,
  deliveryQuoteSchema,
} from '../delivery-booking';

/** The venue's order settings (shared/order-timing.ts); every field may be changed alone. */
export const orderSettingsSchema = z
  .object({
    autoAccept: z.boolean(),
    autoAcceptMaxItems: z.number().int().min(1).max(100),
    unclaimedAfterMinutes: z.number().int().min(1).max(120),
  })
  .partial()
  .strict();
import type { StreamGuardState } from '../stream-guard';
import type { Cue } from '../cues';
import type { DaySummary, HistoryPage, HistorySettings, OrderHistory } from '../history';
import { RETENTION_MAX_DAYS, RETENTION_MIN_DAYS } from '../history';
import type { Refusal } from '../refusals';
import { keptRefusal } from '../refusals';
import { LANGUAGES } from '../i18n';
import type { Language } from '../i18n';
import type { PrintDocument, PrintState } from '../printing';
import {
  KITCHEN_TICKET_TRIGGERS,
  PREORDER_TICKET_TRIGGERS,
  ORDER_DOCUMENTS,
  PAPER_WIDTHS,
  PRINT_DOCUMENTS,
  READY_PRINTS,
} from '../printing';
import { streamGuardSettingsSchema } from '../stream-guard';
import { terminalNameSchema } from '../terminal-health';
import type { TerminalState } from '../venue-settings';
import { printAssignmentSchema } from '../venue-settings';

const id = z.string().min(1).max(200);
const isoDateTime = z.iso.datetime({ offset: true });
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, keptRefusal('time-format'));

export const openingTimeSchema = z.object({
  opening_day: z.enum(WEEKDAYS),
  opening_time: hhmm,
  closing_day: z.enum(WEEKDAYS),
  closing_time: hhmm,
});

// This machine (the demo, a relay beside the terminal) may be reached over http:; anything else
// carries tokens and customers' data, so only over https:.
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const httpUrl = z.url({ protocol: /^https?$/ }).refine(
  (value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return true; // Zod runs this even when the URL check failed, which it already reported.
    }
    return url.protocol === 'https:' || LOOPBACK_HOST.test(url.hostname);
  },
  { message: keptRefusal('setup-https') },
);

export const setupConnectSchema = z.object({
  authUrl: httpUrl,
  posUrl: httpUrl,
  clientId: z.string().min(1).max(500),
  clientSecret: z.string().min(1).max(500),
  code: z.string().min(1).max(2000),
  redirectUri: httpUrl,
  relayUrl: httpUrl,
  terminalKey: z.string().min(1).max(500),
});
export type SetupConnectRequest = z.infer<typeof setupConnectSchema>;

/**
 * Connecting by signing in with the platform: the code comes back to this machine's loopback,
 * so staff neither see nor paste it; `onboardingUrl` is the platform's onboarding start page.
 */
export const setupSignInSchema = setupConnectSchema
  .omit({ code: true, redirectUri: true })
  .extend({ onboardingUrl: httpUrl })
  .strict();
export type SetupSignInRequest = z.infer<typeof setupSignInSchema>;

/**
 * The relay link of a connected terminal, changed without a new code. An empty key keeps the
 * stored one (the relay moved, the key did not).
 */
export const setupChangeSchema = z
  .object({
    relayUrl: httpUrl,
    terminalKey: z.string().max(500).optional(),
  })
  .strict();
export type SetupChangeRequest = z.infer<typeof setupChangeSchema>;

/**
 * Another venue of this terminal, signed in with its own authorization code. The platform and
 * relay addresses and the terminal key are the terminal's; the code and the client are the venue's.
 */
export const setupAddVenueSchema = setupConnectSchema
  .pick({ clientId: true, clientSecret: true, code: true, redirectUri: true })
  .strict();
export type SetupAddVenueRequest = z.infer<typeof setupAddVenueSchema>;

/** A venue of this terminal that staff see: its name as the platform's orders give it. */
export type ConnectedVenue = {
  venueId: string;
  /** Null until an order of the venue named it. */
  name: string | null;
  /** The venue the terminal was set up with (it leaves only with the terminal's disconnect). */
  first: boolean;
};

export type SetupState = {
  configured: boolean;
  venueId: string | null;
  /** Every venue this terminal serves, the one set up first first. */
  venues: ConnectedVenue[];
  authUrl: string | null;
  posUrl: string | null;
  relayUrl: string | null;
  clientId: string | null;
  redirectUri: string | null;
  /** The onboarding page of the last sign-in with the platform (null: none yet). */
  onboardingUrl: string | null;
};

/**
 * A signed update held for staff because it is more than one major version ahead (null: none).
 * `since`: when it was held (ISO).
 */
export type HeldUpdate = { version: string; since: string } | null;

/** What an action call answers at once: the action is stored, not yet sent. */
export type ActionReceipt = { actionId: string };

/** The editor's draft as main keeps it; `publishedAt`: published unchanged since then. */
export type MenuDraftState = {
  draft: MenuDraft | null;
  savedAt: string | null;
  publishedAt: string | null;
};

/**
 * A menu file checked against the platform's menu, read just now. `diff` is null when that read
 * failed (`liveError` says why): then nothing can be pushed.
 */
export type MenuCheck =
  | { ok: true; diff: MenuDiff | null; liveError: string | null; itemCount: number }
  | { ok: false; issues: MenuProblem[] };

const empty = z.object({}).strict();
/** Which venue's menu (a terminal may serve several); absent: the venue set up first. */
const venueRef = { venueId: id.optional() };
const ofVenue = z.object(venueRef).strict();

export const deliveryConfigureSchema = z
  .object({
    driveUrl: httpUrl,
    merchantId: z.string().trim().min(1).max(200),
    /**
     * Handed to the relay once and kept by this terminal nowhere; empty when the relay's operator
     * set the merchant's key already (docs/security.md).
     */
    merchantKey: visibleAscii(0, 500, keptRefusal('merchant-key-format'))
      .refine((key) => key === '' || key.length >= 8, keptRefusal('merchant-key-format'))
      .optional(),
    venueId: z.string().trim().min(1).max(200),
  })
  .strict();
export type DeliveryConfigureRequest = z.infer<typeof deliveryConfigureSchema>;

// The booking's schemas are declared with their rules in shared/delivery-booking.ts.
export { deliveryAreaCheckSchema, deliveryBookSchema, deliveryQuoteSchema };
export type { DeliveryAreaCheckRequest, DeliveryBookRequest, DeliveryQuoteRequest };

const staffPin = z.string().regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits');
export const machineSetSchema = z
  .object({
    kiosk: z.boolean().optional(),
    startOnLogin: z.boolean().optional(),
    /** A new staff PIN. */
    pin: staffPin.optional(),
    /** The current PIN: required for any change once a PIN is set. */
    currentPin: staffPin.optional(),
  })
  .strict();
export type MachineSetRequest = z.infer<typeof machineSetSchema>;

/** A calendar day, YYYY-MM-DD, that exists. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a day as YYYY-MM-DD')
  .refine((v) => new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'no such day');

// A host name or IPv4/IPv6 address: letters, digits, dots, hyphens, colons (nothing a shell or
// URL would read as more than a host).
const printerHost = z
  .string()
  .trim()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.:-]+$/, keptRefusal('printer-host-format'));
// CUPS queue names: no spaces, slashes or '#'; never starting with '-' (it would read as an option).
const printerQueue = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.@-]{0,126}$/, keptRefusal('printer-queue-format'));

export const printerConfigSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a printer id is letters, digits, - or _'),
    name: z.string().trim().min(1).max(60),
    connection: z.discriminatedUnion('kind', [
      z
        .object({
          kind: z.literal('network'),
          host: printerHost,
          port: z.number().int().min(1).max(65535),
        })
        .strict(),
      z.object({ kind: z.literal('system'), queue: printerQueue }).strict(),
    ]),
    paperWidth: z.union(PAPER_WIDTHS.map((w) => z.literal(w))),
    documents: z.array(z.enum(PRINT_DOCUMENTS)).max(PRINT_DOCUMENTS.length),
  })
  .strict();

export const printSettingsSchema = z
  .object({
    printers: z
      .array(printerConfigSchema)
      .max(8)
      .refine((list) => new Set(list.map((p) => p.id)).size === list.length, 'printer ids repeat'),
    kitchenTicket: z.enum(KITCHEN_TICKET_TRIGGERS),
    preorderTicket: z.enum(PREORDER_TICKET_TRIGGERS),
    onReady: z.enum(READY_PRINTS),
    kitchenLanguage: z.enum(LANGUAGES),
  })
  .partial()
  .strict();

/** A venue of this terminal, for its own history, summary and CSV (main refuses any other). */
const historyVenue = z.string().trim().min(1).max(200);
export const historyQuerySchema = z
  .object({
    text: z.string().trim().max(100).optional(),
    day: day.optional(),
    statuses: z.array(z.enum(ORDER_STATUSES)).max(ORDER_STATUSES.length).optional(),
    types: z.array(z.enum(DELIVERY_TYPES)).max(DELIVERY_TYPES.length).optional(),
    limit: z.number().int().min(1).max(200),
    cursor: z.string().min(1).max(200).optional(),
    /** One venue's orders only (a venue this terminal serves); every venue's when absent. */
    venueId: historyVenue.optional(),
  })
  .strict();

type ChannelSpec<S extends z.ZodType, R> = { request: S; response: R };
// The response type travels as a phantom: main is trusted, only requests are validated.
const channel = <S extends z.ZodType>(request: S) => ({
  returns: <R>(): ChannelSpec<S, R> => ({ request, response: undefined as R }),
});

/** One channel per order action, named and validated by its declaration (shared/order-actions.ts). */
type OrderActionChannels = {
  [K in OrderActionKind as OrderActionChannel<K>]: ChannelSpec<OrderActionSchema<K>, ActionReceipt>;
};
const orderActionChannels = Object.fromEntries(
  ORDER_ACTION_KINDS.map((kind) => [
    orderActionChannel(kind),
    channel(orderActionSchema(kind)).returns<ActionReceipt>(),
  ]),
) as unknown as OrderActionChannels;

export const channels = {
  'setup:get': channel(empty).returns<SetupState>(),
  'setup:connect': channel(setupConnectSchema).returns<{ venueId: string }>(),
  /**
   * Opens the platform's sign-in page and connects with the code it sends back to a loopback
   * listener (checked first, as setup:connect); answers once connected, refused or timed out.
   */
  'setup:signIn': channel(setupSignInSchema).returns<{ venueId: string }>(),
  /** Ends the sign-in that waits for the platform; setup:signIn then answers it was cancelled. */
  'setup:cancelSignIn': channel(empty).returns<void>(),
  'setup:change': channel(setupChangeSchema).returns<SetupState>(),
  /**
   * Resets the terminal: the venue's secrets leave the keychain, its orders, deliveries and
   * customers' data the database. The staff PIN when one is set; `discardWaiting` confirms that
   * actions not sent yet are dropped.
   */
  'setup:disconnect': channel(
    z.object({ pin: staffPin.optional(), discardWaiting: z.boolean().optional() }).strict(),
  ).returns<void>(),
  /** Adds a venue to a connected terminal (setup:connect's checks, the terminal's addresses). */
  'setup:addVenue': channel(setupAddVenueSchema).returns<{ venueId: string }>(),
  /**
   * Removes one venue added to the terminal: its grant leaves the keychain, its orders, actions,
   * deliveries, menu and drafts the database; the other venues keep working.
   */
  'setup:removeVenue': channel(
    z
      .object({
        venueId: z.string().min(1).max(200),
        pin: staffPin.optional(),
        discardWaiting: z.boolean().optional(),
      })
      .strict(),
  ).returns<SetupState>(),

  'status:get': channel(empty).returns<AppStatus>(),

  'orders:list': channel(empty).returns<Order[]>(),
  ...orderActionChannels,
  /** One venue's order settings (a terminal may serve several); absent: the venue set up first. */
  'orders:settings': channel(ofVenue).returns<OrderSettings>(),
  'orders:configure': channel(orderSettingsSchema.extend(venueRef)).returns<OrderSettings>(),

  /** The venue set up first (one-venue terminals, the stream guard). */
  'venue:get': channel(empty).returns<VenueState | null>(),
  /** Every venue of the terminal, the one set up first first (those whose status was read). */
  'venue:list': channel(empty).returns<VenueState[]>(),
  'venue:refresh': channel(empty).returns<VenueState | null>(),
  'venue:setOnline': channel(
    z
      .object({
        /** The venue to switch; the venue set up first when absent. */
        venueId: id.optional(),
        online: z.boolean(),
        /** Only with online=false; null means until switched back. */
        until: isoDateTime.nullable().optional(),
      })
      .strict()
      .refine((v) => !(v.online && v.until), {
        message: 'a time limit only applies to going offline',
        path: ['until'],
      }),
  ).returns<ActionReceipt>(),
  'venue:setOpeningTimes': channel(
    z
      .object({
        venueId: id.optional(),
        availability: z.array(openingTimeSchema).max(100),
      })
      .strict(),
  ).returns<ActionReceipt>(),

  'menu:check': channel(
    z.object({ text: z.string().max(MENU_MAX_CHARS), ...venueRef }).strict(),
  ).returns<MenuCheck>(),
  'menu:push': channel(
    z
      .object({
        text: z.string().max(MENU_MAX_CHARS),
        /**
         * The external_data of every item the push removes from the platform's menu, as staff
         * confirmed them; a push that removes items is refused unless this lists exactly those.
         */
        confirmRemoved: z.array(id).max(100_000).optional(),
        ...venueRef,
      })
      .strict(),
  ).returns<ActionReceipt | { ok: false; issues: MenuProblem[] }>(),
  'menu:get': channel(ofVenue).returns<MenuState>(),
  /** Every venue's menu as last read, the venue set up first first (one per venue served). */
  'menu:list': channel(empty).returns<MenuState[]>(),
  'menu:refresh': channel(ofVenue).returns<MenuState>(),
  'menu:items': channel(ofVenue).returns<MenuItemSummary[]>(),
  'menu:setItemAvailability': channel(
    z
      .object({
        externalData: id,
        ...venueRef,
        /** false: sold out, until `disabledUntil` (the platform restores it then) or switched back. */
        enabled: z.boolean(),
        disabledUntil: isoDateTime.nullable().optional(),
      })
      .strict()
      .refine((v) => !(v.enabled && v.disabledUntil), {
        message: 'a time limit only applies to making it unavailable',
        path: ['disabledUntil'],
      }),
  ).returns<ActionReceipt>(),
  /**
   * One item, by its external_data, sold out or available again in every venue whose menu has
   * it: one outbox action per venue, each shown "changing…" until that venue's menu shows it.
   */
  'menu:setItemAvailabilityEverywhere': channel(
    z
      .object({
        externalData: id,
        enabled: z.boolean(),
        disabledUntil: isoDateTime.nullable().optional(),
      })
      .strict()
      .refine((v) => !(v.enabled && v.disabledUntil), {
        message: 'a time limit only applies to making it unavailable',
        path: ['disabledUntil'],
      }),
  ).returns<{ venues: Array<{ venueId: string; actionId: string }> }>(),
  'menu:setOptionAvailability': channel(
    z
      .object({
        externalData: id,
        ...venueRef,
        enabled: z.boolean(),
        /** Only with enabled=false: this terminal turns it back on then. */
        until: isoDateTime.nullable().optional(),
      })
      .strict()
      .refine((v) => !(v.enabled && v.until), {
        message: 'a time limit only applies to making it unavailable',
        path: ['until'],
      }),
  ).returns<ActionReceipt>(),

  /** A new price, or a discount, for an item or an option value (shared/menu-price.ts). */
  'menu:setPrice': channel(priceChangeSchema).returns<ActionReceipt>(),
  /**
   * The menu editor's draft as main keeps it (shared/menu-draft.ts); null draft: none yet. One
   * draft per venue; the draft channels name the venue as the menu channels do.
   */
  'menu:draft': channel(ofVenue).returns<MenuDraftState>(),
  /** Keeps the draft (every edit); it survives a restart. */
  'menu:saveDraft': channel(
    z.object({ draft: menuDraftSchema, ...venueRef }).strict(),
  ).returns<MenuDraftState>(),
  'menu:discardDraft': channel(ofVenue).returns<MenuDraftState>(),
  /** A new draft: the platform's menu as last read, or an empty menu in `language`. */
  'menu:startDraft': channel(
    z
      .object({
        from: z.enum(['live', 'empty']),
        language: z.string().regex(/^[a-z]{2}$/),
        ...venueRef,
      })
      .strict(),
  ).returns<MenuDraftState>(),
  /** The kept draft checked against the platform's menu read now, as a menu file is. */
  'menu:checkDraft': channel(ofVenue).returns<MenuCheck>(),
  /** Pushes the kept draft as a menu push; removals confirmed by their ids, as `menu:push`. */
  'menu:publishDraft': channel(
    z.object({ confirmRemoved: z.array(id).max(100_000).optional(), ...venueRef }).strict(),
  ).returns<ActionReceipt | { ok: false; issues: MenuProblem[] }>(),

  'outbox:list': channel(empty).returns<OutboxEntry[]>(),
  'outbox:retry': channel(z.object({ actionId: id }).strict()).returns<void>(),
  'outbox:discard': channel(z.object({ actionId: id }).strict()).returns<void>(),

  'delivery:get': channel(empty).returns<DeliverySetupState>(),
  'delivery:configure': channel(deliveryConfigureSchema).returns<DeliverySetupState>(),
  'delivery:quote': channel(deliveryQuoteSchema).returns<DeliveryQuote>(),
  'delivery:book': channel(deliveryBookSchema).returns<ActionReceipt & { deliveryId: string }>(),
  'delivery:check-area': channel(deliveryAreaCheckSchema).returns<DeliveryAreaAnswer>(),
  'delivery:list': channel(empty).returns<Delivery[]>(),
  /** Book again a delivery whose booking's answer was lost (Delivery.bookingCheck). */
  'delivery:rebook': channel(z.object({ deliveryId: id }).strict()).returns<
    ActionReceipt & { deliveryId: string }
  >(),
  /** actionId null: a booking whose answer was lost was dropped here, nothing was sent. */
  /** Why: staff's own words (`reason`), or the default reason's code (`code`), one of them. */
  'delivery:cancel': channel(
    z
      .object({
        deliveryId: id,
        reason: z.string().trim().min(1).max(500).optional(),
        code: z.enum(DELIVERY_CANCEL_CODES).optional(),
      })
      .strict()
      .refine((v) => (v.reason === undefined) !== (v.code === undefined), {
        message: 'a reason in words or a code, one of them',
      }),
  ).returns<{ actionId: string | null }>(),
  'delivery:handshake': channel(z.object({ deliveryId: id }).strict()).returns<{
    isRequired: boolean;
    pinCode: string;
  }>(),

  /**
   * The language this terminal's screen speaks, told by the renderer at load and at each switch:
   * main writes what reaches staff in it (labels, receipts, refusals), and the kitchen's tickets
   * follow it until staff choose the kitchen's own.
   */
  'language:set': channel(z.object({ language: z.enum(LANGUAGES) }).strict()).returns<{
    language: Language;
  }>(),

  'machine:get': channel(empty).returns<MachineSettings>(),
  'machine:set': channel(machineSetSchema).returns<MachineSettings>(),
  /** Leaves kiosk mode until the app restarts. */
  'machine:unlock': channel(z.object({ pin: staffPin }).strict()).returns<MachineSettings>(),
  /** Restarts the desktop app (the recovery screen after repeated renderer crashes). */
  'machine:restart': channel(empty).returns<void>(),

  /** Writes the diagnostics bundle (a zip in the data folder) and says where. */
  'diagnostics:export': channel(empty).returns<{ file: string; bytes: number }>(),
  /** The newest lines of the terminal's log at or above a level, newest first. */
  'log:recent': channel(
    z.object({ limit: z.number().int().min(1).max(500), minLevel: z.enum(LOG_LEVELS) }).strict(),
  ).returns<LogEntry[]>(),
  /** This terminal's name, the venue's terminals and who prints which document. */
  'terminal:get': channel(ofVenue).returns<TerminalState>(),
  /** Staff name this terminal ("Counter", "Kitchen"); null goes back to the computer's name. */
  'terminal:rename': channel(
    z.object({ name: z.string().trim().pipe(terminalNameSchema).nullable() }).strict(),
  ).returns<TerminalState>(),
  /** Which terminal of the venue prints each order document (a venue setting, kept at the relay). */
  'terminal:assignPrinting': channel(
    z.object({ ...venueRef, printedBy: printAssignmentSchema }).strict(),
  ).returns<TerminalState>(),
  'stream:get': channel(empty).returns<StreamGuardState>(),
  /** A venue's pause (a venue setting, kept at the relay); none named: the venue set up first. */
  'stream:configure': channel(
    streamGuardSettingsSchema.extend(venueRef),
  ).returns<StreamGuardState>(),
  'stream:acknowledgeGap': channel(z.object({ gapId: id }).strict()).returns<StreamGuardState>(),
  /** Staff saw an order that may not have reached this terminal (stream:changed's `missed`). */
  'stream:acknowledgeMissed': channel(
    z.object({ missedId: id }).strict(),
  ).returns<StreamGuardState>(),

  /** The printers, their status, the print settings and the jobs not printed yet. */
  'print:get': channel(empty).returns<PrintState>(),
  'print:configure': channel(printSettingsSchema).returns<PrintState>(),
  /** Prints an order's document on every printer that takes it: a new job each time (a reprint). */
  'print:order': channel(
    z.object({ orderId: id, document: z.enum(ORDER_DOCUMENTS) }).strict(),
  ).returns<{ jobIds: string[] }>(),
  /** The day's summary of one venue (by its id), or of every venue together when none is named. */
  'print:daySummary': channel(
    z.object({ day, venueId: historyVenue.optional() }).strict(),
  ).returns<{ jobIds: string[] }>(),
  'print:test': channel(z.object({ printerId: id }).strict()).returns<{ jobIds: string[] }>(),
  /** The lines a document prints, for the preview: the same lines the printer's bytes encode. */
  'print:preview': channel(
    z
      .object({
        document: z.enum(PRINT_DOCUMENTS),
        orderId: id.optional(),
        day: day.optional(),
        /** A day summary's venue (none: every venue's), as print:daySummary. */
        venueId: historyVenue.optional(),
        paperWidth: z.union(PAPER_WIDTHS.map((w) => z.literal(w))),
      })
      .strict(),
  ).returns<PrintDocument>(),
  /** Tries a waiting job again now (the same job: it never prints twice). */
  'print:retry': channel(z.object({ jobId: id }).strict()).returns<void>(),
  /** Drops a job that has not printed. */
  'print:cancel': channel(z.object({ jobId: id }).strict()).returns<void>(),

  'history:search': channel(historyQuerySchema).returns<HistoryPage>(),
  'history:order': channel(z.object({ orderId: id }).strict()).returns<OrderHistory>(),
  'history:summary': channel(
    z.object({ day, venueId: historyVenue.optional() }).strict(),
  ).returns<DaySummary>(),
  /** The day's orders as CSV (one row per order). */
  'history:exportCsv': channel(
    z.object({ day, venueId: historyVenue.optional() }).strict(),
  ).returns<{
    filename: string;
    csv: string;
  }>(),
  'history:settings': channel(empty).returns<HistorySettings>(),
  'history:configure': channel(
    z
      .object({ retentionDays: z.number().int().min(RETENTION_MIN_DAYS).max(RETENTION_MAX_DAYS) })
      .strict(),
  ).returns<HistorySettings>(),

  /** What rings until staff acknowledge it (shared/cues.ts), as main decided it. */
  'cues:list': channel(empty).returns<Cue[]>(),
  /** Staff saw it: it stops ringing in every window, and is not replayed. */
  'cues:acknowledge': channel(z.object({ cueId: id }).strict()).returns<Cue[]>(),

  /** A signed update held for staff (more than one major version ahead), if any. */
  'updates:held': channel(empty).returns<HeldUpdate>(),
  /** Staff let the held update in: it downloads, and installs when no order is active. */
  'updates:install': channel(
    z
      .object({
        version: z
          .string()
          .max(64)
          .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'expected a version such as 2.0.0'),
      })
      .strict(),
  ).returns<HeldUpdate>(),

  'audit:list': channel(z.object({ limit: z.number().int().min(1).max(1000) }).strict()).returns<
    AuditEntry[]
  >(),
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels;
export const CHANNEL_NAMES = Object.keys(channels) as ChannelName[];

export type RequestOf<C extends ChannelName> = z.input<Channels[C]['request']>;
export type ParsedRequestOf<C extends ChannelName> = z.output<Channels[C]['request']>;
export type ResponseOf<C extends ChannelName> = Channels[C]['response'];

/** What main implements and the renderer calls, whatever the host. */
export type ServiceApi = {
  [C in ChannelName]: (request: ParsedRequestOf<C>) => Promise<ResponseOf<C>>;
};

/**
 * Events main pushes to the renderer. A `*:changed` event carries the same items its list channel
 * answers (EVENT_LISTS), but only those that changed; the renderer merges them by id. Menu and
 * venue changes replace the whole value (a menu push replaces the whole menu).
 */
export type ServiceEvents = {
  'orders:changed': { orders: Order[] };
  /** A new order arrived: ring. */
  'orders:arrived': { orderId: string; orderNumber: string };
  'status:changed': AppStatus;
  'outbox:changed': { entries: OutboxEntry[] };
  'venue:changed': VenueState | null;
  /** Any venue's state changed: every venue's (venue:list). */
  'venues:changed': { venues: VenueState[] };
  'menu:changed': MenuState;
  'deliveries:changed': { deliveries: Delivery[] };
  'machine:changed': MachineSettings;
  /** The order stream's guard: down since, paused by Countertop, gaps to acknowledge. */
  'stream:changed': StreamGuardState;
  /** Printers, jobs or print settings changed. */
  'print:changed': PrintState;
  /** The cues that ring (all of them, not only the changed ones). */
  'cues:changed': { cues: Cue[] };
  /** An update was held for staff, or is no longer. */
  'updates:changed': HeldUpdate;
  /**
   * A venue's settings kept at the relay changed: what now holds here for its orders and who
   * prints what. `first`: the venue set up first. `by`: changed on another terminal of the venue
   * (read from the relay), or through a window of this one (every window is told, the one that
   * made the change too).
   */
  'venueSettings:changed': {
    venueId: string;
    first: boolean;
    orders: OrderSettings;
    printedBy: TerminalState['printedBy'];
    by: 'this-terminal' | 'another-terminal';
  };
  /**
   * The sign-in's page is to be shown now: `pageUrl` for the window that asked to open (a host
   * that cannot show it, e.g. the web host), null when the host showed it itself.
   */
  'setup:signInPage': { pageUrl: string | null };
};
export type EventName = keyof ServiceEvents;
export const EVENT_NAMES: EventName[] = [
  'orders:changed',
  'orders:arrived',
  'status:changed',
  'outbox:changed',
  'venue:changed',
  'venues:changed',
  'menu:changed',
  'deliveries:changed',
  'machine:changed',
  'stream:changed',
  'print:changed',
  'cues:changed',
  'updates:changed',
  'venueSettings:changed',
  'setup:signInPage',
];

/**
 * For each state event, the channel that reads the whole state and the key the event wraps it in
 * (null: the event is the value itself; `each`: the channel answers a list, one event per entry).
 * A host that may have lost events (a reconnected stream) reads these afresh and hands them to
 * listeners as events.
 */
export const EVENT_LISTS = {
  'status:changed': { channel: 'status:get', key: null },
  'orders:changed': { channel: 'orders:list', key: 'orders' },
  'outbox:changed': { channel: 'outbox:list', key: 'entries' },
  'venue:changed': { channel: 'venue:get', key: null },
  'venues:changed': { channel: 'venue:list', key: 'venues' },
  // One menu:changed per venue: every venue's menu, not only the first venue's.
  'menu:changed': { channel: 'menu:list', key: null, each: true },
  'deliveries:changed': { channel: 'delivery:list', key: 'deliveries' },
  'machine:changed': { channel: 'machine:get', key: null },
  'stream:changed': { channel: 'stream:get', key: null },
  'print:changed': { channel: 'print:get', key: null },
  'cues:changed': { channel: 'cues:list', key: 'cues' },
  'updates:changed': { channel: 'updates:held', key: null },
} as const satisfies Partial<
  Record<EventName, { channel: ChannelName; key: string | null; each?: true }>
>;

// The table above must agree with the types: each event is its channel's answer, or wraps it.
type ListOf<E extends keyof typeof EVENT_LISTS> = (typeof EVENT_LISTS)[E] extends {
  channel: infer C extends ChannelName;
  each: true;
}
  ? ResponseOf<C> extends ReadonlyArray<infer T>
    ? T
    : never
  : (typeof EVENT_LISTS)[E] extends {
        channel: infer C extends ChannelName;
        key: infer K;
      }
    ? K extends string
      ? { [P in K]: ResponseOf<C> }
      : ResponseOf<C>
    : never;
type Agrees<E extends keyof typeof EVENT_LISTS> = [ListOf<E>] extends [ServiceEvents[E]]
  ? [ServiceEvents[E]] extends [ListOf<E>]
    ? true
    : false
  : false;
export const EVENT_LISTS_AGREE: { [E in keyof typeof EVENT_LISTS]: Agrees<E> } = {
  'status:changed': true,
  'orders:changed': true,
  'outbox:changed': true,
  'venue:changed': true,
  'venues:changed': true,
  'menu:changed': true,
  'deliveries:changed': true,
  'machine:changed': true,
  'stream:changed': true,
  'print:changed': true,
  'cues:changed': true,
  'updates:changed': true,
};

/** Error as it crosses the bridge: a code the UI can act on and a sentence for staff. */
export type BridgeError = {
  code: 'invalid-request' | 'not-configured' | 'not-found' | 'conflict' | 'failed';
  /** English words (logs, tests); the screen words `refusal` in its own language. */
  message: string;
  /** Why, as a code the screen words (shared/refusals.ts); absent from an old or foreign answer. */
  refusal?: Refusal;
  issues?: MenuIssue[];
};

/** What preload (or the web host's script) puts on `window.countertop`. */
export type Bridge = {
  [C in ChannelName]: (request: RequestOf<C>) => Promise<ResponseOf<C>>;
} & {
  on: <E extends EventName>(event: E, listener: (payload: ServiceEvents[E]) => void) => () => void;
};

export const BRIDGE_GLOBAL = 'countertop';

/** The one IPC channel main uses to push ServiceEvents to preload: one EventBatch per message. */
export const EVENT_CHANNEL = 'countertop:event';

/**
 * Events as they travel to the window (IPC or the web host's stream): everything the core told
 * within EVENT_BATCH_MS of the first, in order, as one message. One action brings several events
 * a few milliseconds apart (its outbox entry, the order, the status bar's count; then the same
 * when the platform confirms); one message is one task in the page, so React renders them once
 * and the page lays out and paints once, not once per event.
 */
export type EventBatch = Array<{ [E in EventName]: [E, ServiceEvents[E]] }[EventName]>;
export const EVENT_BATCH_MS = 10;
