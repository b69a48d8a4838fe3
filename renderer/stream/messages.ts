// The stream slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { PAUSE_REASON } from '../../shared/stream-guard';
import { kitMessages } from '../ui-kit/messages';

export const streamMessages = {
  status: {
    relay: 'Order stream',
    relayStates: {
      unconfigured: 'not set up',
      connecting: 'connecting…',
      connected: 'connected',
      disconnected: 'disconnected',
    },
    platform: 'Platform',
    platformStates: {
      unknown: 'checking…',
      reachable: 'reachable',
      unreachable: 'unreachable',
    },
    outbox: (n: number) => (n === 0 ? 'All actions sent' : `${n} waiting to send`),
    outboxFailed: (n: number) => `${n} failed`,
    outboxOnlyFailed: (n: number) => (n === 1 ? '1 action failed' : `${n} actions failed`),
    /** The status bar's line: what is wrong and what to do (details: Activity → Problems). */
    relayProblem: {
      disconnected:
        'The order stream is not answering. Orders may not arrive. Check the network; details under Activity.',
      unconfigured: 'The order stream is not set up: orders cannot arrive. Finish the setup.',
    },
    platformProblem:
      'The platform is not answering. Accepts and other actions wait and are sent when it answers.',
    reconnect: 'This venue must be reconnected: the platform no longer accepts its sign-in.',
    reconnectButton: 'Reconnect venue',
    offline: 'Venue offline',
    ordersDown: (since: string) =>
      `Orders cannot reach this terminal: the order stream has been down since ${since}. New orders may be lost; check the network or call support.`,
    /** This terminal's stream is down, but another terminal of the venue was receiving. */
    othersReceiving: (names: string[]) =>
      `This terminal is not receiving orders. ${
        names.length === 0
          ? 'Another terminal of this venue is.'
          : `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'}.`
      }`,
    /** Another terminal of the venue stopped receiving (this one receives). */
    otherDown: (names: string[]) =>
      names.length === 0
        ? 'Another terminal of this venue is not receiving orders.'
        : `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not receiving orders.`,
    actionsDown: (since: string) =>
      `The platform has not answered since ${since}: accepts and other actions are waiting and customers do not see them yet.`,
  },
  stream: {
    paused: PAUSE_REASON,
    pausedReturn: 'It goes back online by itself when the order stream returns.',
    gap: (from: string, to: string) =>
      `Orders placed ${from}–${to} may not have reached this terminal.`,
    unknownOrders: (n: number) =>
      n === 1
        ? 'The platform lists 1 recent order this terminal never received: look it up in the platform’s merchant portal.'
        : `The platform lists ${n} recent orders this terminal never received: look them up in the platform’s merchant portal.`,
    gapOk: 'OK, checked',
    /** The orders placed during the gap that reached the board since, with when each was placed. */
    lateOrders: (orders: string[]) =>
      `Arrived late: ${orders.join(', ')}. Check that each is being handled.`,
    lateOrder: (n: string, placed: string) => `#${n} (placed ${placed})`,
    /** When a missed order was placed, as our own orders around it bound it. */
    placedAbout: (at: string) => `placed about ${at}`,
    placedBetween: (from: string, to: string) => `placed between ${from} and ${to}`,
    placedBefore: (at: string) => `placed before ${at}`,
    missed: (placed: string) => `An order may not have reached this terminal (${placed}).`,
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
    missedMore: (until: string) =>
      `Orders placed after it, until ${until}, may be missing too: the platform shows only its latest three.`,
    missedNamed: (orderNumber: string, placed: string) =>
      `Order #${orderNumber} (${placed}) reached this terminal late: it is on the board now.`,
    missedOk: 'OK, checked',
    noOrdersArriving: (minutes: number, usual: number) =>
      `No orders arriving: nothing has come from the platform for ${minutes} min while the venue is open (usually within ${usual} min). Orders may be getting lost: check the platform’s merchant portal and call your manager.`,
    alarmTest: 'Alarm test: this is what you see and hear when orders cannot reach this terminal.',
    settingsTitle: 'Order stream alarm',
    settingsIntro:
      'When the order stream is down for 10 seconds while the venue is online, a red banner and a siren warn you. Orders placed while it is down can be lost.',
    autoPause: 'Take the venue offline when orders cannot arrive',
    pauseAfter: 'Seconds without the order stream before going offline',
    pauseAfterError: (min: number, max: number) =>
      `Enter a number of seconds from ${min} to ${max}.`,
    save: 'Save alarm settings',
    saved: 'Saved.',
    testAlarm: 'Test alarm',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = { ...kitMessages, ...streamMessages };
