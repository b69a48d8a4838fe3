// The orders slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { kitMessages } from '../ui-kit/messages';

export const ordersMessages = {
  columns: {
    new: 'New',
    preparation: 'In preparation',
    ready: 'Ready',
    scheduled: 'Scheduled',
    done: 'Done today',
  },
  emptyColumn: {
    new: 'No new orders',
    preparation: 'Nothing cooking',
    ready: 'Nothing waiting',
    scheduled: 'No pre-orders',
    done: 'Nothing yet today',
  },
  board: {
    doneShown: (shown: number, total: number) => `The newest ${shown} of ${total} shown.`,
    /** Kitchen displays' all-day counts: item totals of everything in preparation. */
    allDay: 'All day',
    allDayNone: 'Nothing in preparation',
    detailTitle: (n: string) => `Details · #${n}`,
    /** A tile whose action failed or was refused: its detail says why and offers Retry. */
    notSent: 'Not sent · open',
    /** A tile's time: an order less than a minute old, and a ready-by time passed. */
    tileNew: 'new',
    tileLate: (duration: string) => `${duration} late`,
    /** An order placed while the stream was down, which reached the terminal after it. */
    arrivedLate: (placed: string) => `Arrived late (placed ${placed})`,
    arrivedLateShort: 'Arrived late',
    /** A tile waiting for the platform's answer to an action. */
    waiting: (kind: string) => `${kind}…`,
  },
  accept: {
    title: (n: string) => `Accept order #${n}`,
    prepTime: 'Ready by',
    minutes: (m: number) => `${m} min`,
    /** A later time: minutes from now and the clock time it means. */
    later: (m: number, time: string) => `${m} min · ${time}`,
    /** The platform's own estimate, the first choice. */
    estimate: (time: string, m: number) =>
      m > 0 ? `Platform time · ${time} (${m} min)` : `Platform time · ${time} (now)`,
    estimateLabel: (time: string) => `ready ${time}`,
    /** What the platform allows, said before staff choose, so nothing is clamped behind their back. */
    rule: (from: string, to: string) =>
      `The platform takes its pickup time (${from}) or up to 25 min later (${to} at the latest). Need longer? Reject or call the customer.`,
    ruleClosed: (estimate: string) =>
      `The platform's pickup time ${estimate} is more than 25 min past: it takes no later time. Accept to keep it.`,
    noTime: "The platform sets this order's times (it gave no pickup estimate).",
    confirm: (label: string) => `Accept · ${label}`,
    /** Self-delivery: when the venue's courier has it at the customer. */
    deliveryTime: 'At the customer by',
    deliveryChoice: (m: number, time: string) => `${time} · ${m} min`,
    deliveryLabel: (time: string) => `at the customer ${time}`,
    deliveryRule: (from: string, to: string) =>
      `The platform takes a delivery time from when the food is ready (${from}) up to an hour later (${to}).`,
    deliveryClosed:
      "No delivery time is left in the platform's range: accept to keep the venue's default times.",
    confirmPlain: "Accept · platform's times",
  },
  reject: {
    title: (n: string) => `Reject order #${n}`,
    reasonLabel: 'Reason (the customer sees this)',
    presets: {
      ITEMS_UNAVAILABLE: 'Items unavailable',
      VENUE_CLOSING_SOON: 'Closing soon',
      GENERIC: 'Too busy right now',
    },
    confirm: 'Reject order',
    reasonRequired: 'Give a reason before rejecting.',
    whichItems: 'Which items are unavailable?',
    notOnMenu: 'not on the menu',
    soldOutFor: 'Sold out for',
    durations: {
      h1: '1 hour',
      restOfDay: 'Rest of the day',
      indefinitely: 'Until switched back',
    },
    /** The reason the customer reads, naming what is missing. */
    itemsReason: (names: string[]) =>
      `Sorry, ${names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`} sold out.`,
    confirmSoldOut: (n: number) =>
      n === 1 ? 'Reject and mark 1 item sold out' : `Reject and mark ${n} items sold out`,
  },
  ownDelivery: {
    title: 'Own courier',
    deliverBy: (time: string) => `Deliver by ${time}`,
    noContact: 'Leave at the door',
    phone: 'Phone',
    showPhone: 'Show phone',
    hidePhone: 'Hide phone',
    bookInstead: 'Book a platform courier instead',
  },
  /** The notices' line for a ready takeaway not handed over: one line, number and name first. */
  unclaimedAlert: (n: string, name: string, pickup: string) =>
    `#${n} ${name}: ready, not handed over (pickup ${pickup}). Hand it over, then mark it.`,
  allergy: {
    /** The note's heading when it warns of an allergy (printed tickets say "!! ALLERGY !!"). */
    note: 'Allergy',
    flag: '⚠ Allergy',
  },
  ring: {
    newOrder: (n: number) => (n === 1 ? 'New order!' : `${n} new orders!`),
    preorders: (n: number) => (n === 1 ? '1 pre-order to confirm' : `${n} pre-orders to confirm`),
    mute: 'Mute 2 min',
    muted: (left: string) => `Muted · ${left}`,
    unmute: 'Unmute',
    soundBlocked: 'Tap anywhere to enable the order sound',
    soundBlockedTitle: 'Order sound is off.',
    soundOn: 'Turn sound on',
  },
  shift: {
    title: 'This shift',
    unclaimed: (n: number, after: number) =>
      n === 0
        ? `No takeaway order left ready and not handed over (checked ${after} min past pickup).`
        : `${n} takeaway ${n === 1 ? 'order' : 'orders'} ready but never handed over: mark each handed over once collected, or the platform collects no payment.`,
  },
  orderSettings: {
    title: 'Orders',
    autoAccept: 'Accept new orders automatically',
    autoAcceptHelp:
      "Accepted at once with the venue's preparation time, and still heard once. Pre-orders, large orders and orders while the platform or the order stream has trouble wait for a person.",
    maxItems: 'Accept automatically up to this many items',
    unclaimedAfter: 'Flag a ready takeaway order this many minutes past its pickup',
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = { ...kitMessages, ...ordersMessages };
