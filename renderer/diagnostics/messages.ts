// The diagnostics slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import type { OrderActionKind, OutboxActionKind, OutboxFacts } from '../../shared/domain';
import { ORDER_ACTION_KINDS } from '../../shared/order-actions';
import { formatMoney } from '../../shared/money';
import { formatWhen } from '../ui-kit/format';
import { kitMessages } from '../ui-kit/messages';

const number = (facts: OutboxFacts): string => (facts.orderNumber ? ` #${facts.orderNumber}` : '');

/** An order action's line is its button's label and the order's number, unless worded below. */
const orderActionLines = Object.fromEntries(
  ORDER_ACTION_KINDS.map((kind) => [
    kind,
    (f: OutboxFacts) => `${kitMessages.actions.kinds[kind]}${number(f)}`,
  ]),
) as Record<OrderActionKind, (facts: OutboxFacts) => string>;

const LINK_STATES: Record<string, string> = {
  connected: 'connected again',
  connecting: 'connecting…',
  disconnected: 'not answering, orders may not arrive',
  unconfigured: 'not set up',
  reachable: 'answering again',
  unreachable: 'not answering, actions wait',
  unknown: 'checking…',
};

export const diagnosticsMessages = {
  activity: {
    title: 'Actions sent to the platform',
    empty: 'No actions yet.',
    states: { pending: 'Waiting', sending: 'Sending', failed: 'Failed', done: 'Done' },
    attempts: (n: number) => (n === 1 ? '1 attempt' : `${n} attempts`),
    nextAttempt: (time: string) => `next try ${time}`,
    /** What an outbox row asks for, worded from its kind and facts (rows hold data, not text). */
    describe: {
      ...orderActionLines,
      accept: (f: OutboxFacts) =>
        `${f.auto ? 'Auto-accept' : 'Accept'}${number(f)}${f.minutes ? ` (${f.minutes} min)` : ''}`,
      ready: (f: OutboxFacts) => `Ready${number(f)}`,
      'venue-online': (f: OutboxFacts) =>
        f.online
          ? 'Venue online'
          : `Venue offline${f.until ? ` until ${formatWhen(f.until)}` : ''}`,
      'venue-opening-times': (f: OutboxFacts) =>
        f.count === undefined ? 'Opening times' : `Opening times (${f.count} windows)`,
      'menu-push': (f: OutboxFacts) =>
        `${f.count === undefined ? 'Menu' : `Menu (${f.count} items)`}${f.removed ? `, removing ${f.removed}` : ''}`,
      'item-availability': (f: OutboxFacts) =>
        `${f.enabled ? 'Available again' : 'Sold out'}: ${f.itemName ?? f.item ?? 'item'}${!f.enabled && f.until ? ` until ${formatWhen(f.until)}` : ''}`,
      'option-availability': (f: OutboxFacts) =>
        `${f.enabled ? 'Option on' : 'Option off'}: ${f.itemName ?? f.item ?? 'option'}${!f.enabled && f.until ? ` until ${formatWhen(f.until)}` : ''}`,
      'menu-price': (f: OutboxFacts) =>
        `${f.discountedPrice === undefined ? 'New price' : 'Discount'}: ${f.itemName ?? f.item ?? 'item'}${f.price === undefined ? '' : ` ${cents(f.discountedPrice ?? f.price)}`}`,
      'delivery-create': (f: OutboxFacts) => `Book courier${number(f)}`,
      'delivery-cancel': (f: OutboxFacts) => `Cancel courier${number(f)}`,
    } satisfies Record<OutboxActionKind, (facts: OutboxFacts) => string>,
  },
  diagnostics: {
    ...kitMessages.diagnostics,
    title: 'Problems and support',
    intro: 'Warnings and errors from the terminal’s log, newest first.',
    none: 'No warnings or errors logged.',
    refresh: 'Refresh',
    exporting: 'Exporting…',
    /** A link's change, in the status bar's words; the raw error after it, for support. */
    link: (link: string, state: string, error: string | null) =>
      `${link === 'relay' ? 'Order stream' : link === 'platform' ? 'Platform' : link}: ${LINK_STATES[state] ?? state}${error ? ` (details: ${error})` : ''}`,
  },
};

/** Minor units as staff read a menu price. */
const cents = (amount: number): string => formatMoney({ amount, currency: 'EUR' });

/** What this slice's components read: the kit's words and the slice's own. */
export const en = { ...kitMessages, ...diagnosticsMessages };
