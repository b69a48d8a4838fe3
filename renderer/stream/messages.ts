// The stream slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { PAUSE_REASON } from '../../shared/stream-guard';
import { m } from '../../shared/i18n';
import { sliceLookup } from '../ui-kit/messages';
import { streamFi } from './messages.fi';
import { streamSv } from './messages.sv';
import { streamDe } from './messages.de';

export const streamMessages = {
  status: {
    /** The bar along the bottom, as assistive technology names it. */
    title: 'Status',
    relay: 'Order stream',
    relayStates: {
      unconfigured: 'not set up',
      connecting: 'connecting…',
      connected: 'connected',
      disconnected: 'disconnected',
      refused: 'access withdrawn',
    },
    platform: 'Platform',
    platformStates: {
      unknown: 'checking…',
      reachable: 'reachable',
      unreachable: 'unreachable',
    },
    outbox: m('{n, plural, =0 {All actions sent} other {# waiting to send}}', 'n'),
    outboxFailed: m('{n} failed', 'n'),
    outboxOnlyFailed: m('{n, plural, one {# action failed} other {# actions failed}}', 'n'),
    /** The status bar's line: what is wrong and what to do (details: Activity → Problems). */
    relayProblem: {
      disconnected:
        'The order stream is not answering. Orders may not arrive. Check the network; details under Activity.',
      unconfigured: 'The order stream is not set up: orders cannot arrive. Finish the setup.',
      refused:
        'This terminal’s access to the order stream was withdrawn: orders cannot arrive. Enter a new terminal key under Venue.',
    },
    platformProblem:
      'The platform is not answering. Accepts and other actions wait and are sent when it answers.',
    /** `why`: shared/domain.ts ReconnectWhy (null: stored before it was kept). */
    reconnect: m(
      '{why, select, lost {This venue must be reconnected: the answer to renewing its sign-in was lost, so the sign-in may no longer work.} keychain {This venue must be reconnected: its sign-in is missing from this computer.} other {This venue must be reconnected: the platform no longer accepts its sign-in.}}',
      'why',
    ),
    reconnectButton: 'Reconnect venue',
    offline: 'Venue offline',
    /** The offline banner on a terminal of several venues: which are offline, and why. */
    venuesOffline: m(
      '{venuesCount, plural, one {{venues} is offline until switched back.} other {{venues} are offline until switched back.}}',
      'venues',
    ),
    venuesOfflineUntil: m(
      '{venuesCount, plural, one {{venues} is offline until {time}.} other {{venues} are offline until {time}.}}',
      'venues',
      'time',
    ),
    venuesPaused: m(
      '{venuesCount, plural, one {{venues} is paused by Countertop because orders could not arrive. It goes back online by itself when the order stream returns.} other {{venues} are paused by Countertop because orders could not arrive. They go back online by themselves when the order stream returns.}}',
      'venues',
    ),
    allOffline: 'All venues offline until switched back.',
    allOfflineUntil: m('All venues offline until {time}.', 'time'),
    allPaused:
      'All venues paused by Countertop because orders could not arrive. They go back online by themselves when the order stream returns.',
    ordersDown: m(
      'Orders cannot reach this terminal: the order stream has been down since {since}. New orders may be lost; check the network or call support.',
      'since',
    ),
    ordersRefused: m(
      'Orders cannot reach this terminal since {since}: its access to the order stream was withdrawn. Ask whoever runs your order stream for a new terminal key and enter it.',
      'since',
    ),
    refusedButton: 'Enter a new key',
    /** This terminal's stream is down, but another terminal of the venue was receiving. */
    othersReceiving: m(
      'This terminal is not receiving orders. {namesCount, plural, =0 {Another terminal of this venue is.} one {{names} is.} other {{names} are.}}',
      'names',
    ),
    /** Another terminal of the venue stopped receiving (this one receives). */
    otherDown: m(
      '{namesCount, plural, =0 {Another terminal of this venue is not receiving orders.} one {{names} is not receiving orders.} other {{names} are not receiving orders.}}',
      'names',
    ),
    /** A terminal of several venues: the first sentence, then one per venue. */
    notReceiving: 'This terminal is not receiving orders.',
    venueReceiving: m(
      '{venue}: {namesCount, plural, =0 {another terminal is.} one {{names} is.} other {{names} are.}}',
      'venue',
      'names',
    ),
    venuePaused: m(
      '{venue}: taken offline by Countertop; it goes back online when orders can arrive again.',
      'venue',
    ),
    venueAlone: m('{venue}: no other terminal is. New orders may be lost.', 'venue'),
    unnamedVenue: 'Another venue of this terminal',
    actionsDown: m(
      'The platform has not answered since {since}: accepts and other actions are waiting and customers do not see them yet.',
      'since',
    ),
  },
  stream: {
    paused: PAUSE_REASON,
    pausedReturn: 'It goes back online by itself when the order stream returns.',
    gap: m('Orders placed {from}–{to} may not have reached this terminal.', 'from', 'to'),
    unknownOrders: m(
      '{n, plural, one {The platform lists # recent order this terminal never received: look it up in the platform’s merchant portal.} other {The platform lists # recent orders this terminal never received: look them up in the platform’s merchant portal.}}',
      'n',
    ),
    gapOk: 'OK, checked',
    /** The orders placed during the gap that reached the board since, with when each was placed. */
    lateOrders: m('Arrived late: {orders}. Check that each is being handled.', 'orders'),
    lateOrder: m('#{n} (placed {placed})', 'n', 'placed'),
    /** When a missed order was placed, as our own orders around it bound it. */
    placedAbout: m('placed about {at}', 'at'),
    placedBetween: m('placed between {from} and {to}', 'from', 'to'),
    placedBefore: m('placed before {at}', 'at'),
    missed: m('An order may not have reached this terminal ({placed}).', 'placed'),
    missedStatus: {
      CREATED: 'The platform shows it as new, waiting to be accepted.',
      PRODUCTION: 'The platform shows it as accepted.',
      READY: 'The platform shows it as ready.',
      DELIVERED: 'The platform shows it as delivered.',
      REJECTED: 'The platform shows it as rejected.',
      other: 'The platform shows it as cancelled or closed.',
    },
    missedStep:
      'Find it in the platform’s merchant portal or call partner support: the customer may be waiting.',
    missedMore: m(
      'Orders placed after it, until {until}, may be missing too: the platform shows only its latest three.',
      'until',
    ),
    missedNamed: m(
      'Order #{orderNumber} ({placed}) reached this terminal late: it is on the board now.',
      'orderNumber',
      'placed',
    ),
    /** Before a missed order's line on a terminal of several venues: which venue it is for. */
    missedVenue: m('{venue}:', 'venue'),
    missedOk: 'OK, checked',
    noOrdersArriving: m(
      'No orders arriving: nothing has come from the platform for {minutes} min while the venue is open (usually within {usual} min). Orders may be getting lost: check the platform’s merchant portal and call your manager.',
      'minutes',
      'usual',
    ),
    alarmTest: 'Alarm test: this is what you see and hear when orders cannot reach this terminal.',
    settingsTitle: 'Order stream alarm',
    settingsIntro:
      'When the order stream is down for 10 seconds while the venue is online, a red banner and a siren warn you. Orders placed while it is down can be lost.',
    autoPause: 'Take the venue offline when orders cannot arrive',
    pauseAfter: 'Seconds without the order stream before going offline',
    pauseAfterError: m('Enter a number of seconds from {min} to {max}.', 'min', 'max'),
    save: 'Save alarm settings',
    saved: 'Saved.',
    testAlarm: 'Test alarm',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(streamMessages, { fi: streamFi, sv: streamSv, de: streamDe });
