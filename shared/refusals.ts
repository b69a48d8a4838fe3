// Why main refused (or could not do) what staff asked, declared once as codes with their words in
// every language. Main answers a refusal as a code and its values (`refusal('pin-wrong')`), never
// as a sentence of its own; the screen words it in its language at the moment it shows it, so a
// refusal reads Finnish on a Finnish screen, follows a switch of language, and never shows a raw
// error. What main keeps as text (an outbox row's error) holds the code the same way
// (`encodeRefusal`), and the screen words it with `storedText`.
import type { Compiled, Language, Msg, Translation } from './i18n';
import { LOCALE_OF, compile, m } from './i18n';
import { orderStatusSelect } from './refusal-status';
import { refusalsFi } from './refusals.fi';
import { refusalsSv } from './refusals.sv';
import { refusalsDe } from './refusals.de';

export const refusalWords = {
  // Anything main did not expect: its detail goes to the log only.
  unexpected:
    'The terminal service failed unexpectedly. Try again; if it persists, restart the app.',
  /** A browser's screen whose session the terminal's web host no longer knows (it restarted). */
  'web-session-lost':
    'This screen is no longer connected to the terminal. Open it again from the terminal’s link.',
  /** The window's bridge got no answer from the terminal service (it may be restarting). */
  'service-no-answer':
    'The terminal service did not answer. Try again; if it persists, restart the app.',
  'bad-request':
    'The terminal service did not understand that. Try again; if it persists, restart the app.',
  keychain:
    'This computer’s keychain is not available, so the terminal cannot keep its sign-in safe. Ask whoever looks after this computer.',
  /** A step failed for a reason outside the terminal: what was being done, and the likely why. */
  failed: m(
    '{doing, select, connect {Connecting the venue failed.} change {Changing the connection failed.} disconnect {Disconnecting the terminal failed.} addVenue {Adding the venue failed.} removeVenue {Disconnecting the venue failed.} startSignIn {Starting the sign-in failed.} signIn {Signing in with the platform failed.} handshake {Reading the handshake PIN failed.} other {That did not work.}} {why, select, offline {The service did not answer: check the internet connection and try again.} refused {The service did not accept this terminal: ask a manager to check the set-up.} busy {The service has a problem right now: try again in a minute.} other {Try again.}}',
    'doing',
    'why',
  ),

  // The platform refused an authorization code (its invalid_grant, by the reason it gave): each
  // reason says what staff can do about it, in place of the bare "failed".
  'auth-code-used':
    'The platform refused: the authorization code has already been used. Each code works once: get a new code and connect again.',
  'auth-code-invalid':
    'The platform refused the authorization code: it has expired (a code lasts one hour) or is not right. Get a new code and connect again.',
  'auth-code-other-client':
    'The platform refused: the authorization code was made for a different client ID. Check the client ID, or get a new code for this one.',
  'auth-redirect-mismatch':
    'The platform refused: the redirect URI is not the one the authorization code was made with. Check the redirect URI and connect again.',

  /** Why a sign-in with the platform ended without a venue (main/setup/loopback-sign-in.ts). */
  'sign-in-timeout': 'The platform did not answer in time. Sign in again.',
  'sign-in-state-mismatch':
    'The answer that came back did not belong to this sign-in, so it was refused. Sign in again.',
  'sign-in-denied':
    'Countertop was not allowed on the platform’s page. Sign in again, or paste a code.',
  'sign-in-no-code': 'The platform’s answer had no code in it. Sign in again, or paste a code.',
  'sign-in-cancelled': 'The sign-in was cancelled.',
  'sign-in-no-page':
    'The platform’s page could not be opened: check the onboarding page address, or paste a code.',

  // Orders (the order-action table's refusals: shared/order-refusal-text.ts picks the code).
  'order-unknown': 'This order is not on this terminal.',
  'order-failed-action': m('Order #{n} has an action that failed: retry or discard it first.', 'n'),
  /** The order has moved past where the action starts (`by`: the platform said so, or none). */
  'order-past': m(
    orderStatusSelect(
      'The platform refused:',
      {
        CREATED: 'Order #{n} is waiting to be accepted.',
        PRODUCTION: 'Order #{n} is already being prepared.',
        READY: 'Order #{n} is already ready.',
        DELIVERED: 'Order #{n} has already been handed over.',
        REJECTED: 'Order #{n} has been rejected.',
        CANCELED: 'Order #{n} was cancelled by the platform.',
      },
      'Order #{n} has changed.',
    ),
    'n',
    'status',
    'by',
  ),
  /** The order has not reached where the action starts. */
  'order-not-yet': m(
    orderStatusSelect(
      'The platform refused:',
      {
        CREATED: 'Order #{n} has not been accepted yet.',
        PRODUCTION: 'Order #{n} is still being prepared: mark it ready first.',
        READY: 'Order #{n} is ready: hand it over first.',
        DELIVERED: 'Order #{n} has already been handed over.',
        REJECTED: 'Order #{n} has been rejected.',
        CANCELED: 'Order #{n} was cancelled by the platform.',
      },
      'Order #{n} has changed.',
    ),
    'n',
    'status',
    'by',
  ),
  'order-preorder-waiting': m('Order #{n} is a pre-order: confirm it instead.', 'n'),
  'order-preorder-confirmed': m('Order #{n} is a pre-order you have already confirmed.', 'n'),
  'order-not-preorder': m('Order #{n} is not a pre-order: accept it instead.', 'n'),
  'order-already-confirmed': m('Order #{n} is already confirmed.', 'n'),
  'order-courier-delivers': m(
    "Order #{n} goes with the platform's courier, who marks it delivered.",
    'n',
  ),
  'order-not-own-courier': m('Order #{n} is not delivered by your own courier.', 'n'),
  'order-picked-up': m('Order #{n} is already out for delivery.', 'n'),
  'order-done': m('Order #{n}: that is already done.', 'n'),
  /** A rejection marks items sold out only for the reason the dialog offers it with. */
  'reject-sold-out-reason':
    'Items are marked sold out with a rejection only for the reason “Items unavailable”. Nothing was sent: choose that reason, or reject without marking items.',
  'prep-no-time': m(
    'Order #{n} takes no preparation time: the platform sets its times. Accept it without one.',
    'n',
  ),
  /** `time`: the platform's estimate, as a clock time (milliseconds since the epoch). */
  'prep-before-estimate': m(
    "Order #{n}: the platform's pickup estimate is {m} min from now ({time, time, short}); choose that or later.",
    'n',
    'm',
    'time',
  ),
  'prep-after-limit': m(
    'Order #{n}: the platform allows at most {m} min from now (its estimate plus 25 min).',
    'n',
    'm',
  ),
  'delivery-not-self': m(
    'Order #{n} is not delivered by your own courier: it takes no delivery time.',
    'n',
  ),
  'delivery-before-ready': m(
    'Order #{n} can be ready in {m} min at the earliest; choose a delivery time that late or later.',
    'n',
    'm',
  ),
  'delivery-after-limit': m(
    'Order #{n}: the platform takes a delivery time at most {m} min from now (an hour after the food is ready).',
    'n',
    'm',
  ),

  // Set-up and venues.
  'connect-first': 'Connect the venue first.',
  'venue-not-connected': 'This venue is not connected to this terminal.',
  'terminal-not-connected': 'This terminal is not connected to a venue.',
  'actions-waiting': m(
    '{n, plural, one {# action has not reached the platform. Disconnecting drops it; confirm to go on.} other {# actions have not reached the platform. Disconnecting drops them; confirm to go on.}}',
    'n',
  ),
  'venue-actions-waiting': m(
    '{n, plural, one {# action of this venue has not reached the platform. Disconnecting it drops the action; confirm to go on.} other {# actions of this venue have not reached the platform. Disconnecting it drops them; confirm to go on.}}',
    'n',
  ),
  'first-venue':
    'This is the venue the terminal was set up with: it leaves with Disconnect this terminal.',
  'setup-nothing-spent':
    'Nothing was sent to the platform yet, so your authorization code still works. Fix the marked fields and connect again.',
  'setup-code-held':
    'The platform accepted your authorization code; fix the marked field and connect again with the same code (until this app is restarted).',
  'setup-nothing-changed':
    'Nothing was changed: the terminal keeps its connection. Fix the marked field.',
  'not-this-venues-terminal': 'That terminal is not one of this venue’s.',

  // A set-up field that is wrong, and how to fix it (the set-up checks; shown on the field).
  /** An address of another computer typed with http:// (only this computer's may be). */
  'setup-https': 'Use https:// for another computer (http:// only for localhost or 127.0.0.1)',
  /** A clock time that is not hours:minutes (an opening time). */
  'time-format': 'Write the time as hours:minutes, e.g. 09:30',
  /** A courier merchant key typed too short, too long or with a space in it. */
  'merchant-key-format': 'A merchant key is 8 to 500 characters, with no spaces',
  /** A network printer's address that is not a host name or IP address. */
  'printer-host-format': 'Enter a host name or IP address',
  /** A system printer queue name the system would not have (spaces, slashes, a leading -). */
  'printer-queue-format': 'Enter the printer queue name as the system shows it',
  'setup-relay-not-relay':
    'Something answers at this address, but it is not the relay. Check the address with whoever runs your relay.',
  'setup-relay-no-answer':
    'Nothing answers at this address. Check the host name and the port number (for example https://relay.example.com or http://127.0.0.1:4020).',
  'setup-key-refused':
    'The relay does not accept this terminal key: it was mistyped or withdrawn. Copy it again, or ask whoever runs your relay for a new one.',
  'setup-relay-path':
    'This is not the relay’s address: a server answers, but not as a relay. Enter the address alone, without a path after it (not …/hooks/marketplace or …/v1/events).',
  'setup-relay-failing':
    'The relay has a problem right now. Try again in a minute; if it stays, call whoever runs your relay.',
  'setup-auth-no-answer':
    'Nothing answers at this address. Check the Auth URL the platform gave you (host name and port).',
  'setup-client-refused':
    'The platform does not accept this client ID and secret. Copy both again from the platform’s partner details.',
  'setup-auth-failing':
    'The platform’s sign-in service has a problem right now. Try again in a minute.',
  'setup-not-auth':
    'This is not the platform’s sign-in service: a server answers, but not as one. Check the Auth URL the platform gave you.',
  'setup-pos-no-answer':
    'Nothing answers at this address. Check the Order API URL the platform gave you (host name and port).',
  'setup-pos-failing':
    'The platform’s order service has a problem right now. Try again in a minute.',
  'setup-not-pos':
    'This is not the platform’s order service: a server answers, but not as one. Check the Order API URL the platform gave you.',
  'setup-key-other-venue':
    'This terminal key is for another venue than the one you signed in with. Enter the key made for this venue.',
  'setup-no-key': 'No terminal key is stored: enter this counter’s key.',
  'setup-no-key-change': 'No terminal key is stored: change the connection first.',
  'setup-code-first-venue':
    'This code is for the venue this terminal was set up with, which is already connected. Sign in with the other venue.',

  // This computer.
  'pin-needed': 'Enter the staff PIN to change this.',
  'pin-locked': m(
    '{minutes, plural, one {Too many wrong PINs. Wait a minute and try again.} other {Too many wrong PINs. Wait # minutes and try again.}}',
    'minutes',
  ),
  'pin-wrong': 'That PIN is not right.',
  'pin-before-kiosk': 'Set a staff PIN before turning on kiosk mode.',
  'no-pin': 'No staff PIN is set.',
  'restart-desktop-only': 'Only the desktop app can restart itself.',
  'update-gone': 'This update is no longer waiting to be installed.',

  // The menu.
  'menu-not-read':
    "The platform's menu has not been read yet. Wait until the menu list shows, then try again.",
  'menu-item-gone': "That item is not on the platform's menu any more: refresh the menu.",
  'menu-item-gone-everywhere': "That item is not on any venue's menu any more: refresh the menu.",
  'menu-option-gone': "That option is not on the platform's menu any more: refresh the menu.",
  'menu-changed':
    'The platform’s menu changed since the check: this push removes no items now. Check the menu again before pushing.',
  'menu-removes': m(
    "{n, plural, one {This menu removes 1 item from the platform's menu: {names}. Nothing was sent. Confirm removing it to push.} other {This menu removes # items from the platform's menu: {names}. Nothing was sent. Confirm removing them to push.}}",
    'n',
    'names',
  ),
  /** Why the platform's current menu could not be read (a menu check says it before any push). */
  'menu-live-unread': m(
    '{why, select, offline {The platform did not answer.} slow {The platform did not finish reading it in time.} other {The platform could not read it.}}',
    'why',
  ),
  /** A pushed menu the platform took but still does not show after a while. */
  'menu-push-not-shown':
    'The platform took the pushed menu but does not show it yet. Check the menu list below: it is what customers see.',
  // A menu file's check (main/menu/menu-check.ts): where the problem is (an item or category by
  // its name, else its place), which field, and what is wrong with it. The field is named in
  // staff words; the file's own key only where no word is known.
  'menu-file-field': m(
    '{owner, select, item {Item “{name}”: } category {Category “{name}”: } itemAt {Item {n}: } categoryAt {Category {n}: } other {}}{field, select, price {price} enabled {on sale (enabled)} external_data {POS code (external_data)} name {name} description {description} type {option type} selection_range {choice range} values {option values} min {least} max {most} opening_time {opening time} closing_time {closing time} opening_day {opening day} closing_day {closing day} disabled_until {sold out until} currency {currency} primary_language {menu language} categories {categories} items {items} options {options} other {{key}}} {problem, select, missing {is missing} empty {is empty} number {must be a number} boolean {must be true or false} text {must be text} list {must be a list} time {must be hours:minutes, e.g. 09:30} currency {must be a currency code, e.g. EUR} language {must be a language code, e.g. en} translation {needs at least one language} oneValue {needs at least one value} oneCategory {needs at least one category} maxBelowMin {cannot be below the least} negative {cannot be below zero} day {must be a weekday, e.g. MONDAY} other {is not right}}',
    'owner',
    'name',
    'n',
    'field',
    'key',
    'problem',
  ),
  'menu-file-not-json': 'This is not a menu file: it is not valid JSON. Export the menu again.',
  /** Two items with one POS code (`other`: the item that has it first). */
  'menu-file-duplicate': m(
    'Item “{name}”: its POS code “{code}” is also used by “{other}”. Every item needs its own code.',
    'name',
    'code',
    'other',
  ),
  'menu-unreadable':
    "The platform's current menu could not be read, so this menu cannot be checked against it. Nothing was sent. Try again when the platform answers.",
  'sold-out-until-past': 'The time it is sold out until has passed.',
  'back-on-past': 'The time to turn it back on has passed.',
  'not-a-price': 'That is not a price: check the amounts.',
  // A price change's own refusals (shared/menu-price.ts's PRICE_ERRORS keeps each as its code,
  // so the price form words it under its field and main refuses with it).
  'price-missing': 'Type a price, e.g. 12.50.',
  'price-not-amount': 'Type the price in euros and cents, e.g. 12.50.',
  'price-negative': 'A price cannot be below zero.',
  'price-too-high': m('That is more than {max} €: check the number.', 'max'),
  'discount-not-amount': 'Type the discounted price in euros and cents, e.g. 9.90.',
  'discount-not-lower': 'The discounted price must be below the price.',
  'discount-zero': 'A discounted price must be above zero: to stop selling it, mark it sold out.',
  'discount-option-none': 'Option values take no discount on the platform, only a price.',
  'no-draft': 'There is no menu draft to publish.',
  'not-a-draft': 'The menu draft could not be read: start it again.',

  // Actions waiting to be sent.
  'action-gone': 'That action is no longer waiting: there is nothing to retry.',
  'action-not-discardable': 'That action is no longer waiting: there is nothing to discard.',
  /**
   * Why an action has not reached the platform (main/outbox/action-error.ts sorts the failure);
   * `status`: the platform's HTTP status where it answered. The platform's own words, if any, are
   * kept beside the code (`storedDetail`) for support, never in this sentence nor on a screen.
   */
  'action-error': m(
    '{why, select, offline {No connection to the platform.} slow {The platform did not answer in time.} busy {The platform has a problem right now.} signIn {The platform did not accept the venue’s sign-in.} invalid {The platform did not accept the details of this action (error {status}).} refused {The platform refused this action (error {status}).} reconnect {The venue must be connected again: the action waits until then.} notConnected {The venue is not connected yet: the action waits until it is.} unreadable {The platform’s answer could not be read.} other {The action could not be sent.}}',
    'why',
    'status',
  ),
  /** A try that may have taken effect: it is not sent again (a courier booking, a menu push). */
  'action-unknown': m(
    'Sent, but no answer came back ({why, select, stopped {the terminal stopped while sending it} slow {the platform did not answer in time} other {the connection broke}}): it may have arrived, so it is not sent again. Check it on the platform.',
    'why',
  ),
  'menu-push-waiting': 'Waiting until the previous menu push shows on the platform.',
  /** `names`: the items the push would now remove unasked, quoted and listed. */
  'menu-push-removes-more': m(
    'The platform’s menu changed since this push was confirmed: it would now also remove {names}. Nothing was sent: check the menu file again and push it anew.',
    'names',
  ),

  // Couriers.
  'courier-setup-first': 'Set up courier delivery first.',
  'delivery-gone': 'That delivery is no longer on this terminal.',
  'booking-not-waiting': 'This booking is not waiting for a decision.',
  'booking-decided': 'This booking was already decided.',
  'cancel-on-way': 'A cancellation of this delivery is already on its way.',
  'delivery-not-booked': 'This delivery is not booked with the platform yet.',

  // Couriers: booking, cancelling and set-up refusals, and the courier service's answers in staff
  // words (main/delivery/staff-words.ts picks the code), each reason its own code.
  'courier-offer-unknown': 'This price offer is unknown or ran out: get a new price and time.',
  'courier-offer-not-binding':
    'A courier can only be booked with the full address: add the street and the post code or city, then get a new price.',
  'courier-tip-no-price':
    'The offer came without a price, so a tip cannot be added: leave the tip empty.',
  'courier-entry-lost':
    'What was entered for this booking is no longer kept: book the courier anew from the form.',
  'courier-still-checking':
    'Still checking whether the courier was booked: wait a moment before booking again.',
  'courier-venue-first': 'Connect the venue first: courier events arrive through it.',
  'courier-no-terminal-key': 'This terminal’s relay key is missing: connect the venue again.',
  'courier-setup-failed': m(
    'Courier delivery could not be set up: {why, select, wrongVenue {the relay says this terminal is not for this venue.} refused {the relay did not accept the set-up details.} other {the relay did not answer. Try again.}}',
    'why',
  ),
  'delivery-already-cancelled': 'This delivery is already cancelled.',
  'courier-has-parcels':
    'The courier has the parcels already: only the platform’s support can cancel now.',
  'courier-rebook-not-binding':
    'The address no longer gets a binding price offer: book the courier anew from the form.',
  'courier-never-booked': 'The delivery was never booked, so there is nothing to cancel.',
  'courier-pick-time': 'Pick a delivery time',
  'courier-time-too-soon': 'Pick a time more than an hour from now, or “As soon as possible”',
  'courier-outside-area': 'This address is outside the courier delivery area.',
  'courier-time-refused':
    'The courier service cannot deliver at that time: pick a time more than an hour from now, or as soon as possible.',
  'courier-offer-expired': 'The price offer ran out: get a new price and time.',
  /** A form's address with neither a street nor a post code or city (the schema's check). */
  'courier-address-needed': 'Enter the street and the post code or city',
  'courier-address-incomplete':
    'A courier can only be booked with the full address: add the street and the post code or city.',
  'courier-address-changed': 'The address changed since the price offer: get a new price and time.',
  'courier-cash-off': 'Cash on delivery is not switched on for this account: leave the cash empty.',
  'courier-venue-closed': 'The courier service says the venue is closed now: book once it is open.',
  'courier-no-answer':
    'The courier service did not answer: check the internet connection and try again.',
  'courier-setup-refused':
    'The courier service did not accept this terminal’s set-up: ask a manager to check the courier set-up.',
  'courier-details-refused':
    'The courier service did not accept these details: check the address and the fields, then try again.',
  'courier-busy': 'The courier service is busy: try again in a minute.',
  'courier-down': 'The courier service has a problem right now: try again in a minute.',
  'courier-failed': 'Something went wrong asking the courier service: try again.',
  /** A price offer that is not binding, by what the address lacks (main knows what it asked). */
  'courier-not-binding': m(
    '{missing, select, street {The price is only for the area: add the street and number.} town {The street alone is not enough: add the post code or city.} other {The address is not exact enough: add the street and the post code or city.}}',
    'missing',
  ),
  // The booking form's field checks (shared/delivery-booking.ts keeps each as its code, so the
  // form words it beside its field and main refuses with the same code).
  'field-too-long': m('At most {n} characters', 'n'),
  /** `what`: the field a number was expected in. */
  'courier-number-needed': m(
    'Enter {what, select, minutes {the minutes} count {how many} tip {the tip} cash {the cash} bags {the bags} other {a number}} as a number',
    'what',
  ),
  'courier-whole-cents': m(
    'Enter {what, select, tip {the tip} cash {the cash} other {the amount}} in whole cents',
    'what',
  ),
  'courier-amount-zero': m(
    'Enter {what, select, tip {the tip} cash {the cash} other {the amount}} above zero, or leave it empty',
    'what',
  ),
  /** `max`: in whole units of the offer's currency. */
  'courier-amount-high': m(
    'That is more than {max, number} for {what, select, tip {the tip} cash {the cash} other {the amount}}',
    'max',
    'what',
  ),
  'courier-whole-minutes': 'Enter whole minutes',
  'courier-minutes-low': m('At least {n, plural, one {# minute} other {# minutes}}', 'n'),
  'courier-minutes-high': m('At most {n} minutes: the courier service waits no longer', 'n'),
  'courier-lat-lon': 'Give both latitude and longitude, or neither',
  'courier-parcel-what': 'Say what is in the parcel (the courier sees it)',
  'whole-number': 'Enter a whole number',
  'number-at-least': m('At least {n}', 'n'),
  'number-at-least-or-empty': m('At least {n}, or leave it empty', 'n'),
  'number-at-most': m('At most {n}', 'n'),
  'courier-name-needed': 'Enter the customer’s name',
  'courier-phone-needed': 'Enter a phone number the courier can call',
  'courier-phone-chars': 'Use digits, spaces and + only',
  'courier-phone-short': 'This phone number is too short',
  'courier-email': 'This is not an email address',
  'courier-parcels-needed': 'Add what the courier takes',
  'courier-pin-no-contact': 'A PIN needs someone at the door: untick one of the two',
  'courier-id-no-contact': 'An ID check needs someone at the door: untick one of the two',
  'courier-no-pin': 'This delivery was booked without a PIN: the courier needs none at the door.',
  /** Courier updates (the merchant's webhook) do not work: why, as far as staff can act on it. */
  'courier-updates-down': m(
    '{why, select, offline {Courier updates are not coming in: the relay did not answer. It tries again by itself.} refused {Courier updates are not coming in: the courier service did not accept the set-up. Ask a manager to check it.} other {Courier updates are not coming in: the courier service has a problem. It tries again by itself.}}',
    'why',
  ),

  // Printing.
  'no-printer': m(
    '{document, select, kitchenTicket {No printer prints kitchen tickets.} pickupLabel {No printer prints pickup labels.} receipt {No printer prints receipts.} daySummary {No printer prints day summaries.} other {No printer prints test pages.}} Set one up under Venue → Printers.',
    'document',
  ),
  'day-needed': 'Which day? A day summary needs a day.',
  'day-summary-failed': 'The day summary could not be made. Try again.',
  'printer-gone': 'That printer is not set up.',
  'print-job-gone': 'That print job is gone.',
  'print-job-printing': 'It is printing right now.',
  'print-job-done': m(
    '{state, select, printed {That print job is already printed.} canceled {That print job is already cancelled.} other {That print job is already sent.}}',
    'state',
  ),

  // History.
  'history-page-stale': 'This page of history is no longer valid; search again.',
  'history-order-gone': 'That order is not in the history.',
  'retention-invalid': m('Keep history for {min} to {max} days.', 'min', 'max'),
} satisfies Record<string, string | Msg<readonly string[]>>;

export type RefusalWords = typeof refusalWords;
export type RefusalKey = keyof RefusalWords;
type Value = string | number | null;
type ValuesOf<K extends RefusalKey> =
  RefusalWords[K] extends Msg<infer N> ? { [I in keyof N]: Value } : [];

/** A refusal as it crosses to the screen: the code and its values, in the order declared. */
export type Refusal = { readonly key: RefusalKey; readonly values: readonly Value[] };

export const refusal = <K extends RefusalKey>(key: K, ...values: ValuesOf<K>): Refusal => ({
  key,
  values,
});

export const refusalTranslations: Record<Exclude<Language, 'en'>, Translation<RefusalWords>> = {
  fi: refusalsFi,
  sv: refusalsSv,
  de: refusalsDe,
};

const namesOf = (key: RefusalKey): readonly string[] => {
  const word = refusalWords[key] as string | Msg<readonly string[]>;
  return typeof word === 'string' ? [] : word.names;
};

/** A refusal as sent: a known code, with as many plain values as its words take. */
export const isRefusal = (value: unknown): value is Refusal => {
  if (typeof value !== 'object' || value === null) return false;
  const { key, values } = value as { key?: unknown; values?: unknown };
  return (
    typeof key === 'string' &&
    Object.hasOwn(refusalWords, key) &&
    Array.isArray(values) &&
    values.length === namesOf(key as RefusalKey).length &&
    values.every((v) => v === null || typeof v === 'string' || typeof v === 'number')
  );
};

/** A refusal in a language's words (`pseudo`: the layout check's pseudo-locale, for English). */
export const refusalText = (r: Refusal, language: Language, pseudo = false): string => {
  const compiled: Compiled<RefusalWords> = compile(
    refusalWords,
    language === 'en' ? refusalWords : refusalTranslations[language],
    LOCALE_OF[language],
    pseudo && language === 'en',
  );
  const word = compiled[r.key] as string | ((...args: Value[]) => string);
  return typeof word === 'string' ? word : word(...r.values);
};

// What main keeps as text (an outbox row's error, read back after a restart) holds the refusal
// as this JSON; any other text is shown as it is (the platform's own words, older rows).
const STORED = 'countertop-refusal';

/**
 * `detail`: words that are not the terminal's (a platform's own message), kept beside the code
 * for support (`storedDetail`: the log, the diagnostics export), never shown to staff.
 */
export const encodeRefusal = (r: Refusal, detail?: string | null): string =>
  JSON.stringify(detail ? { [STORED]: r, detail } : { [STORED]: r });

/** A refusal kept as text in one step (a schema's message: `.min(1, keptRefusal('x'))`). */
export const keptRefusal = <K extends RefusalKey>(key: K, ...values: ValuesOf<K>): string =>
  encodeRefusal(refusal(key, ...values));

export const decodeRefusal = (text: string): Refusal | null => {
  if (!text.startsWith(`{"${STORED}"`)) return null;
  try {
    const parsed = (JSON.parse(text) as Record<string, unknown>)[STORED];
    return isRefusal(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/**
 * The first of a failed check's issues whose message is a code (a shared schema says why as one,
 * e.g. a price below zero): main refuses with that specific reason, not a generic one.
 */
export const issueRefusal = (issues: readonly { message: string }[]): Refusal | null => {
  for (const issue of issues) {
    const found = decodeRefusal(issue.message);
    if (found) return found;
  }
  return null;
};

/** Stored text as staff read it: a kept refusal in the language's words, else as it was kept. */
export const storedText = (text: string, language: Language, pseudo = false): string => {
  const kept = decodeRefusal(text);
  return kept ? refusalText(kept, language, pseudo) : text;
};

/** The details kept beside a stored refusal (a platform's own message), or null. */
export const storedDetail = (text: string): string | null => {
  if (!decodeRefusal(text)) return null;
  const detail = (JSON.parse(text) as Record<string, unknown>).detail;
  return typeof detail === 'string' && detail.trim() !== '' ? detail : null;
};
