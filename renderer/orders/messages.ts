// The orders slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import { m } from '../../shared/i18n';
import { sliceLookup } from '../ui-kit/messages';
import { ordersFi } from './messages.fi';
import { ordersSv } from './messages.sv';
import { ordersDe } from './messages.de';

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
    doneShown: m('The newest {shown} of {total} shown.', 'shown', 'total'),
    /** Kitchen displays' all-day counts: item totals of everything in preparation. */
    allDay: 'All day',
    allDayNone: 'Nothing in preparation',
    detailTitle: m('Details · #{n}', 'n'),
    /** A tile whose action failed or was refused: its detail says why and offers Retry. */
    notSent: 'Not sent · open',
    /** A tile's time: an order less than a minute old, and a ready-by time passed. */
    /** A ready order the platform's courier collects, before the courier's time is known. */
    awaitingCourier: 'Waiting for the courier',
    tileNew: 'new',
    tileLate: m('{duration} late', 'duration'),
    /** An order placed while the stream was down, which reached the terminal after it. */
    arrivedLate: m('Arrived late (placed {placed})', 'placed'),
    arrivedLateShort: 'Arrived late',
    /** A tile the platform cancelled, kept until staff say they stopped making it. */
    cancelledMark: 'Cancelled',
    cancelledOk: 'OK, stopped',
    /** One line of a cancelled tile's items. */
    itemLine: m('{count}× {name}', 'count', 'name'),
    /** A tile waiting for the platform's answer to an action. */
    waiting: m('{kind}…', 'kind'),
  },
  accept: {
    title: m('Accept order #{n}', 'n'),
    prepTime: 'Ready by',
    minutes: m('{m} min', 'm'),
    /** A later time: minutes from now and the clock time it means. */
    later: m('{m} min · {time}', 'm', 'time'),
    /** The platform's own estimate, the first choice. */
    estimate: m(
      '{m, plural, =0 {Platform time · {time} (now)} other {Platform time · {time} (# min)}}',
      'time',
      'm',
    ),
    estimateLabel: m('ready {time}', 'time'),
    /** What the platform allows, said before staff choose, so nothing is clamped behind their back. */
    rule: m(
      'The platform takes its pickup time ({from}) or up to 25 min later ({to} at the latest). Need longer? Reject or call the customer.',
      'from',
      'to',
    ),
    ruleClosed: m(
      "The platform's pickup time {estimate} is more than 25 min past: it takes no later time. Accept to keep it.",
      'estimate',
    ),
    noTime: "The platform sets this order's times (it gave no pickup estimate).",
    confirm: m('Accept · {label}', 'label'),
    /** Self-delivery: when the venue's courier has it at the customer. */
    deliveryTime: 'At the customer by',
    deliveryChoice: m('{time} · {m} min', 'm', 'time'),
    deliveryLabel: m('at the customer {time}', 'time'),
    deliveryRule: m(
      'The platform takes a delivery time from when the food is ready ({from}) up to an hour later ({to}).',
      'from',
      'to',
    ),
    deliveryClosed:
      "No delivery time is left in the platform's range: accept to keep the venue's default times.",
    confirmPlain: "Accept · platform's times",
  },
  reject: {
    title: m('Reject order #{n}', 'n'),
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
    itemsReason: m(
      '{namesCount, plural, one {Sorry, {names} is sold out.} other {Sorry, {names} are sold out.}}',
      'names',
    ),
    confirmSoldOut: m(
      '{n, plural, one {Reject and mark # item sold out} other {Reject and mark # items sold out}}',
      'n',
    ),
  },
  ownDelivery: {
    title: 'Own courier',
    deliverBy: m('Deliver by {time}', 'time'),
    noContact: 'Leave at the door',
    phone: 'Phone',
    showPhone: 'Show phone',
    hidePhone: 'Hide phone',
    bookInstead: 'Book a platform courier instead',
  },
  /** The notices' line for a ready takeaway not handed over: one line, number and name first. */
  unclaimedAlert: m(
    '#{n} {name}: ready, not handed over (pickup {pickup}). Hand it over, then mark it.',
    'n',
    'name',
    'pickup',
  ),
  allergy: {
    /** The note's heading when it warns of an allergy (printed tickets say "!! ALLERGY !!"). */
    note: 'Allergy',
    flag: '⚠ Allergy',
  },
  venueFilter: {
    /** The filter's list, opened from its button in the top bar. */
    title: 'Show the orders of',
    /** A venue of the list with orders waiting for an answer. */
    waiting: m('{n} new', 'n'),
  },
  ring: {
    newOrder: m('{n, plural, one {New order!} other {# new orders!}}', 'n'),
    preorders: m('{n, plural, one {# pre-order to confirm} other {# pre-orders to confirm}}', 'n'),
    mute: 'Mute 2 min',
    muted: m('Muted · {left}', 'left'),
    unmute: 'Unmute',
    soundBlocked: 'Tap anywhere to enable the order sound',
    soundBlockedTitle: 'Order sound is off.',
    soundOn: 'Turn sound on',
  },
  shift: {
    title: 'This shift',
    unclaimed: m(
      '{n, plural, =0 {No takeaway order left ready and not handed over (checked {after} min past pickup).} one {# takeaway order ready but never handed over: mark each handed over once collected, or the platform collects no payment.} other {# takeaway orders ready but never handed over: mark each handed over once collected, or the platform collects no payment.}}',
      'n',
      'after',
    ),
  },
  orderSettings: {
    title: 'Orders',
    autoAccept: 'Accept new orders automatically',
    autoAcceptHelp:
      "Accepted at once with the venue's preparation time, and still heard once. Pre-orders, large orders and orders while the platform or the order stream has trouble wait for a person.",
    maxItems: 'Accept automatically up to this many items',
    unclaimedAfter: 'Flag a ready takeaway order this many minutes past its pickup',
    changedElsewhere: m(
      'Changed on another terminal to {value}. Leave the field to keep what you typed.',
      'value',
    ),
    changedInAnotherWindow: m(
      'Changed in another window to {value}. Leave the field to keep what you typed.',
      'value',
    ),
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(ordersMessages, { fi: ordersFi, sv: ordersSv, de: ordersDe });
