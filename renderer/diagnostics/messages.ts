// The diagnostics slice's strings; the shared words are the kit's (ui-kit/messages.ts).
import type { OrderActionKind, OutboxActionKind, OutboxFacts } from '../../shared/domain';
import { ORDER_ACTION_KINDS } from '../../shared/order-actions';
import { formatMoney } from '../../shared/money';
import { formatWhen } from '../ui-kit/format';
import { m } from '../../shared/i18n';
import type { Arg, Msg } from '../../shared/i18n';
import { kitMessages, sliceLookup } from '../ui-kit/messages';
import { diagnosticsFi } from './messages.fi';
import { diagnosticsSv } from './messages.sv';
import { diagnosticsDe } from './messages.de';

/** An outbox row's facts as its description reads them: times local, the item by its name. */
const describeFacts = (facts: OutboxFacts): OutboxFacts & { name: string; priceText?: string } => ({
  ...facts,
  until: facts.until ? formatWhen(facts.until) : undefined,
  name: facts.itemName ?? facts.item ?? '',
  priceText: facts.price === undefined ? undefined : cents(facts.discountedPrice ?? facts.price),
});

/** Minor units as staff read a menu price. */
const cents = (amount: number): string => formatMoney({ amount, currency: 'EUR' });

/** A description of an outbox row, from its facts (`{orderNumber}`, `{until}`, `{name}`…). */
const facts = (icu: string) => ({
  ...m(icu, 'facts'),
  prepare: (args: readonly Arg[]) => [describeFacts(args[0] as OutboxFacts)],
});

/** An order action's line is its button's label and the order's number, unless worded below. */
const orderActionLines = Object.fromEntries(
  ORDER_ACTION_KINDS.map((kind) => [
    kind,
    {
      ...m('{label}{orderNumber, select, none {} other { #{orderNumber}}}', 'facts'),
      prepare: (args: readonly Arg[]) => [
        { ...describeFacts(args[0] as OutboxFacts), label: en.actions.kinds[kind] },
      ],
    },
  ]),
) as unknown as Record<OrderActionKind, Msg<readonly ['facts']>>;

export const diagnosticsMessages = {
  activity: {
    title: 'Actions sent to the platform',
    empty: 'No actions yet.',
    states: { pending: 'Waiting', sending: 'Sending', failed: 'Failed', done: 'Done' },
    attempts: m('{n, plural, one {# attempt} other {# attempts}}', 'n'),
    nextAttempt: m('next try {time}', 'time'),
    /** What an outbox row asks for, worded from its kind and facts (rows hold data, not text). */
    // Each takes the row's facts, with `until` already written as a local time (describeAction).
    describe: {
      ...orderActionLines,
      accept: facts(
        '{auto, select, true {Auto-accept} other {Accept}}{orderNumber, select, none {} other { #{orderNumber}}}{minutes, select, none {} other { ({minutes} min)}}',
      ),
      ready: facts('Ready{orderNumber, select, none {} other { #{orderNumber}}}'),
      'venue-online': facts(
        '{online, select, true {Venue online} other {Venue offline{until, select, none {} other { until {until}}}}}',
      ),
      'venue-opening-times': facts(
        '{count, select, none {Opening times} other {Opening times ({count} windows)}}',
      ),
      'menu-push': facts(
        '{count, select, none {Menu} other {Menu ({count} items)}}{removed, select, none {} other {, removing {removed}}}',
      ),
      'item-availability': facts(
        '{enabled, select, true {Available again} other {Sold out}}: {name}{enabled, select, true {} other {{until, select, none {} other { until {until}}}}}',
      ),
      'option-availability': facts(
        '{enabled, select, true {Option on} other {Option off}}: {name}{enabled, select, true {} other {{until, select, none {} other { until {until}}}}}',
      ),
      'menu-price': facts(
        '{discountedPrice, select, none {New price} other {Discount}}: {name}{priceText, select, none {} other { {priceText}}}',
      ),
      'delivery-create': facts(
        'Book courier{orderNumber, select, none {} other { #{orderNumber}}}',
      ),
      'delivery-cancel': facts(
        'Cancel courier{orderNumber, select, none {} other { #{orderNumber}}}',
      ),
      'sent-to-pos': facts(
        'Tell the platform order{orderNumber, select, none {} other { #{orderNumber}}} is at the counter',
      ),
      'venue-settings': facts('Venue settings for every terminal'),
    } satisfies Record<OutboxActionKind, unknown>,
  },
  diagnostics: {
    ...kitMessages.diagnostics,
    title: 'Problems and support',
    intro: 'Warnings and errors from the terminal’s log, newest first.',
    none: 'No warnings or errors logged.',
    refresh: 'Refresh',
    exporting: 'Exporting…',
    /** The terminal's other warnings, by their event; their fields stay in the export. */
    slow: m('The terminal was slow to respond (up to {ms} ms)', 'ms'),
    checkpoint: 'Saving to disk did not work as usual: the terminal saves another way.',
    otherWarning: 'A warning for support: export the diagnostics to send it.',
    /**
     * A link's change, in the status bar's words, and why it went down (main's code); the raw
     * error stays in the log and the diagnostics bundle, for support.
     */
    link: m(
      '{link, select, relay {Order stream} platform {Platform} other {{link}}}: {state, select, connected {connected again} connecting {connecting…} disconnected {not answering, orders may not arrive} unconfigured {not set up} reachable {answering again} refused {access withdrawn, orders cannot arrive} unreachable {not answering, actions wait} unknown {checking…} other {{state}}}{why, select, offline { (no connection)} slow { (no answer in time)} busy { (the service has a problem)} refused { (this terminal was refused)} other {}}',
      'link',
      'state',
      'why',
    ),
  },
};

/** What this slice's components read: the kit's words and the slice's own. */
export const en = sliceLookup(diagnosticsMessages, {
  fi: diagnosticsFi,
  sv: diagnosticsSv,
  de: diagnosticsDe,
});
