// What every screen shares: the service's status, the theme, which view and order are chosen and
// which dialog is open. The names of the views and dialogs are the navigation's vocabulary; the
// slices that own them fill them in.
import type { AppStatus } from '../../shared/domain';
import type { OrderActionDialog } from '../../shared/order-actions';
import { sameOr } from './merge';
import { parseColours } from './venue-marks';
import type { SliceContext, SliceParts } from './slice';

export type Theme = 'light' | 'dark';
export type View = 'orders' | 'venue' | 'menu' | 'activity' | 'couriers' | 'history';

/** An order action's dialog (its declaration names it), the shortcuts' help, the courier booking. */
export type Dialog =
  | { kind: OrderActionDialog; orderId: string }
  | { kind: 'shortcuts' }
  /** `prefill`: what an order or an area check already knows (address, customer). */
  | { kind: 'courier'; prefill?: CourierPrefill };

/** The courier booking form's fields, by the names its draft and its prefill use. */
export type CourierAddressField = 'street' | 'postCode' | 'city' | 'readyIn' | 'scheduled';
export type CourierBookingField =
  | 'name'
  | 'phone'
  | 'email'
  | 'description'
  | 'count'
  | 'bags'
  | 'orderNumber'
  | 'pickupComment'
  | 'dropoffComment'
  | 'smsReceived'
  | 'smsPickedUp'
  | 'tip'
  | 'cash';
export type CourierCheck = 'handshake' | 'noContact' | 'idCheck';

/** What the courier form starts from when it is opened from an order or an area check. */
export type CourierPrefill = {
  address?: Partial<Record<CourierAddressField, string>>;
  booking?: Partial<Record<CourierBookingField, string>>;
};

export type AppSliceState = {
  status: AppStatus | null;
  theme: Theme;
  view: View;
  selectedOrderId: string | null;
  dialog: Dialog | null;
  /** The venue whose orders the board shows (null: every venue); kept over a restart. */
  venueFilter: string | null;
  /** The colour each venue's mark was given (orders/venue-marks.ts), kept so it never changes. */
  venueColours: Readonly<Record<string, number>>;
  /** The venue whose venue-level settings the settings page shows (null: the venue set up first). */
  settingsVenue: string | null;
};

export type AppSliceActions = {
  setTheme(theme: Theme): void;
  setView(view: View): void;
  select(orderId: string | null): void;
  openDialog(dialog: Dialog | null): void;
  setVenueFilter(venueId: string | null): void;
  keepVenueColours(colours: Readonly<Record<string, number>>): void;
  setSettingsVenue(venueId: string | null): void;
};

export type AppSlice = AppSliceState & AppSliceActions;

export type ThemeOptions = {
  /** Where the theme choice persists; localStorage in the app. */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  prefersDark?: boolean;
};

const THEME_KEY = 'countertop.theme';
const VENUE_FILTER_KEY = 'countertop.venueFilter';
const VENUE_COLOURS_KEY = 'countertop.venueColours';

/** What the storage held under a key, or null if it cannot be read. */
const stored = (options: ThemeOptions, key: string): string | null => {
  try {
    return options.storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

const initialTheme = (options: ThemeOptions): Theme => {
  const saved = options.storage?.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return options.prefersDark ? 'dark' : 'light';
};

export const createAppSlice = (
  { bridge, set }: SliceContext<AppSlice>,
  options: ThemeOptions,
): SliceParts<AppSlice> => ({
  initial: {
    status: null,
    theme: initialTheme(options),
    view: 'orders',
    selectedOrderId: null,
    dialog: null,
    venueFilter: stored(options, VENUE_FILTER_KEY) || null,
    venueColours: parseColours(stored(options, VENUE_COLOURS_KEY)),
    settingsVenue: null,
    setTheme(theme) {
      options.storage?.setItem(THEME_KEY, theme);
      set({ theme });
    },
    setView(view) {
      set({ view });
    },
    select(orderId) {
      set({ selectedOrderId: orderId });
    },
    openDialog(dialog) {
      set({ dialog });
    },
    setVenueFilter(venueId) {
      options.storage?.setItem(VENUE_FILTER_KEY, venueId ?? '');
      set({ venueFilter: venueId });
    },
    setSettingsVenue(venueId) {
      set({ settingsVenue: venueId });
    },
    keepVenueColours(colours) {
      options.storage?.setItem(VENUE_COLOURS_KEY, JSON.stringify(colours));
      set({ venueColours: colours });
    },
  },
  listen: () => [
    // Told on every change of the outbox, mostly the same: kept, so nothing re-renders.
    bridge.on('status:changed', (status) => set((s) => ({ status: sameOr(s.status, status) }))),
  ],
});
