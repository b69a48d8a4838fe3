import { memo } from 'react';
import type { MenuItemSummary, Order, OrderActionKind } from '../../shared/domain';
import type { PrintJob } from '../../shared/printing';
import type { BridgeError } from '../../shared/ipc/contract';
import { useAppStore } from './hooks';
import { availableActions } from '../../shared/order-actions';
import { mentionsAllergy } from '../../shared/allergy';
import { typeKey } from '../../shared/order-words';
import { actionClass, actionLabel, takeOrderAction } from './order-action-ui';
import { columnOf, isClosedByPlatform } from './board';
import {
  ESCALATE_AFTER_MS,
  isCourierLate,
  isPickedUpByCourier,
  isUnclaimedTakeaway,
  readyByOf,
  unansweredFor,
} from '../../shared/order-timing';
import { formatAge, formatClock, formatDuration, formatMoney } from '../ui-kit/format';
import { en } from './messages';
import type { VenueMark as Mark } from '../ui-kit/venue-marks';
import { VenueMark } from '../ui-kit/VenueMark';
import { useCardSlots } from './card-slots';
import { sameOrderView } from './order-view-memo';
import { ItemOptions } from '../ui-kit/ItemOptions';
import { PlatformText } from '../ui-kit/PlatformText';
import { OwnDelivery } from './OwnDelivery';
import type { CourierPrefill } from '../ui-kit/app-slice';
import { actionErrorWords, errorWords } from '../ui-kit/bridge';

/** The order's type in the screen's language (the kit's catalogs hold the words). */
const deliveryLabel = (order: Order): string => en.order[typeKey(order)];

/**
 * "Book courier" from an order the venue delivers itself: the courier form starts with the
 * customer's address and phone as the platform sent them (the apartment goes with the street, as
 * the delivery service asks).
 */
export const courierPrefill = (order: Order): CourierPrefill => {
  const address = order.deliveryAddress;
  const street = [address?.street, address?.apartment].filter(Boolean).join(' ');
  return {
    address: {
      street,
      postCode: address?.postCode ?? '',
      city: address?.city ?? '',
    },
    booking: {
      name: order.consumerName ?? '',
      phone: order.consumerPhone ?? '',
      description: en.courier.orderParcel(order.orderNumber),
      orderNumber: order.orderNumber,
    },
  };
};

const canBookCourier = (order: Order, done: boolean): boolean =>
  !done && order.selfDelivery && order.deliveryType === 'homedelivery';

/** "in 8 min", "due now" or "3 min late": the courier's arrival relative to the board's clock. */
const courierCountdown = (eta: string, now: number): string => {
  const minutes = Math.round((Date.parse(eta) - now) / 60_000);
  if (minutes === 0) return en.order.courierDue;
  const duration = formatDuration(Math.abs(minutes) * 60_000);
  return minutes > 0 ? en.order.courierIn(duration) : en.order.courierLate(duration);
};

/** "in 8 min", "due now" or "3 min overdue": the ready-by time against the board's clock. */
const dueCountdown = (at: string, now: number): { text: string; overdue: boolean } => {
  // Rounded like the courier's countdown: the board's clock ticks every few seconds.
  const minutes = Math.round((Date.parse(at) - now) / 60_000);
  if (minutes === 0) return { text: en.order.dueNow, overdue: false };
  const duration = formatDuration(Math.abs(minutes) * 60_000);
  return minutes > 0
    ? { text: en.order.dueIn(duration), overdue: false }
    : { text: en.order.overdue(duration), overdue: true };
};

/** A new order waiting 3 minutes is getting old; at 5 it risks being auto-rejected by the platform. */
const WARN_MS = 3 * 60_000;
/** A new order unanswered for 5 minutes risks being auto-rejected by the platform. */
const LATE_MS = 5 * 60_000;
const ageClass = (order: Order, now: number): string => {
  if (order.status !== 'CREATED' || order.type !== 'instant') return '';
  const waited = now - Date.parse(order.createdAt);
  if (waited > LATE_MS) return 'card-age-late';
  return waited > WARN_MS ? 'card-age-warn' : '';
};

/**
 * Everything a card shows that depends on the clock, as plain values: the board ticks every few
 * seconds, and a card re-renders only when one of these changed (most ticks change none), not on
 * every tick.
 */
export type CardClock = {
  done: boolean;
  age: string;
  ageClass: string;
  due: { text: string; overdue: boolean } | null;
  /** How long a new order has waited for an answer, once that is long enough to say. */
  waiting: string | null;
  escalated: boolean;
  courierLate: boolean;
  courierCountdown: string | null;
  unclaimed: boolean;
  unclaimedFor: string | null;
  /** A board tile's short time: the ready-by countdown ("12 min", "3 min late"), else the age. */
  tileTime: string;
};

// The board asks for every card's clock on each render, and renders on every change of the store;
// the clock changes only with the board's clock (a 5 s tick), so each order keeps its last one.
const clocks = new WeakMap<Order, { now: number; unclaimedAfter: number; clock: CardClock }>();

export const cardClock = (order: Order, now: number, unclaimedAfter: number): CardClock => {
  const known = clocks.get(order);
  if (known && known.now === now && known.unclaimedAfter === unclaimedAfter) return known.clock;
  const clock = computeClock(order, now, unclaimedAfter);
  clocks.set(order, { now, unclaimedAfter, clock });
  return clock;
};

const computeClock = (order: Order, now: number, unclaimedAfter: number): CardClock => {
  const readyBy = readyByOf(order);
  const waited = unansweredFor(order, now);
  const escalated = waited !== null && waited >= ESCALATE_AFTER_MS;
  const unclaimed = isUnclaimedTakeaway(order, now, unclaimedAfter);
  const done = columnOf(order, now) === 'done';
  return {
    done,
    age: formatAge(order.createdAt, now),
    ageClass: ageClass(order, now),
    due: readyBy ? dueCountdown(readyBy.at, now) : null,
    waiting: escalated && waited !== null ? formatDuration(waited) : null,
    escalated,
    courierLate: isCourierLate(order, now),
    courierCountdown: order.courierPickupEta ? courierCountdown(order.courierPickupEta, now) : null,
    unclaimed,
    unclaimedFor:
      unclaimed && order.pickupEta ? formatDuration(now - Date.parse(order.pickupEta)) : null,
    // A finished order: the time it finished, which a customer coming back asks about.
    tileTime: done ? formatClock(order.updatedAt) : tileTime(order, readyBy?.at ?? null, now),
  };
};

const tileTime = (order: Order, readyBy: string | null, now: number): string => {
  // A pre-order not yet in the kitchen: the time it is for, as on its card.
  if (readyBy === null && order.type === 'preorder' && order.preorderTime)
    return en.order.preorderFor(formatClock(order.preorderTime));
  if (readyBy === null) {
    const age = now - Date.parse(order.createdAt);
    return age < 60_000 ? en.board.tileNew : formatDuration(age);
  }
  const minutes = Math.round((Date.parse(readyBy) - now) / 60_000);
  if (minutes === 0) return en.order.dueNow;
  const duration = formatDuration(Math.abs(minutes) * 60_000);
  return minutes > 0 ? duration : en.board.tileLate(duration);
};

/**
 * Everything a card shows comes in its props, read from the store once by the board: a card that
 * read the store itself (about ten selectors each, with its lines and print jobs) made 300 cards
 * run a few thousand selectors on every change of the store.
 */
type Props = {
  order: Order;
  clock: CardClock;
  flashing: boolean;
  selected: boolean;
  /** An action of this order is on its way to main. */
  submitting: boolean;
  callError: BridgeError | null;
  /** A pre-order the platform moved into preparation: start cooking. */
  cooking: boolean;
  /** This order's print jobs; null while printing is not read. */
  printJobs: readonly PrintJob[] | null;
  menuItems: readonly MenuItemSummary[];
  /** Its accessible name, when it is shown as an order's detail rather than on the board. */
  label?: string | undefined;
  /** Its venue's mark, on a terminal of several venues. */
  venue?: Mark | null | undefined;
};

// eslint-disable-next-line max-lines-per-function -- one card's layout and its derived actions; not yet cut into smaller components (issue 37)
const OrderCardView = ({
  order,
  clock,
  flashing,
  selected,
  submitting,
  callError,
  cooking,
  printJobs,
  menuItems,
  label,
  venue,
}: Props) => {
  const act = useAppStore().getState();
  const { LineSoldOut, OrderPrint } = useCardSlots();
  const { done, due, escalated, courierLate, unclaimed } = clock;
  // The platform closed the order (cancelled, rejected, handed over): retrying can only fail again.
  const closed = isClosedByPlatform(order);
  const actions = submitting ? [] : availableActions(order);

  const run = (kind: OrderActionKind): void => takeOrderAction(act, order.id, kind);

  const readyBy = readyByOf(order);
  const allergy = mentionsAllergy(order.consumerComment);

  const classes = ['card'];
  if (flashing || cooking) classes.push('card-flash');
  if (escalated && flashing) classes.push('card-escalated');
  if (due?.overdue) classes.push('card-overdue');
  if (unclaimed) classes.push('card-unclaimed');
  if (selected) classes.push('card-selected');
  if (order.pending?.state === 'failed' || callError) classes.push('card-failed');
  else if (order.pending || submitting) classes.push('card-pending');
  if (done) classes.push('card-done');

  const pendingKind = order.pending ? actionLabel(order.pending.kind, order) : null;
  const failure = order.pending?.error ? actionErrorWords(order.pending.error) : null;

  return (
    // The slot is the card's own, inside its memo: a slot the board wrapped around each card was a
    // new element on every change, which React diffed and updated for all 300 cards.
    // Each card sizes its type to its own width (its slot is the query container): a container
    // around the whole column made every change re-lay out every card in it.
    <div className="card-slot">
      <article
        className={classes.join(' ')}
        aria-label={label ?? en.order.label(order.orderNumber)}
        data-order-id={order.id}
        data-status={order.status}
        // Reachable by Tab and arrows; Enter runs its main action (Board).
        tabIndex={0}
        onClick={() => act.select(order.id)}
      >
        <header className="card-head">
          <span className="card-number">{en.order.number(order.orderNumber)}</span>
          {venue && <VenueMark mark={venue} className="card-venue" />}
          <span
            className={`tag tag-${order.deliveryType === 'homedelivery' ? 'delivery' : 'takeaway'}`}
          >
            {deliveryLabel(order)}
          </span>
          <span className={`card-age ${clock.ageClass}`} title={formatClock(order.createdAt)}>
            {clock.age}
          </span>
        </header>

        <div className="card-meta">
          <span className="card-customer">
            {order.consumerName ? <PlatformText text={order.consumerName} /> : en.order.noName}
          </span>
          {order.type === 'preorder' && order.preorderTime && (
            <span className="tag tag-preorder">
              {en.order.preorderFor(formatClock(order.preorderTime))}
              {order.preorderStatus === 'confirmed' ? ` · ${en.order.preorderConfirmed}` : ''}
            </span>
          )}
          {allergy && !done && (
            // As on paper: an allergy note cannot be missed on a busy board.
            <span className="tag tag-allergy" data-testid="allergy">
              {en.allergy.flag}
            </span>
          )}
          {order.autoAccepted && (
            <span className="tag tag-auto" data-testid="auto-accepted">
              {en.order.autoAccepted}
            </span>
          )}
          {order.courierPickupEta && !order.pickupCompleted && (
            <span
              className={`tag tag-courier tag-courier-eta ${courierLate ? 'tag-late' : ''}`}
              data-testid="courier-eta"
            >
              {en.order.courierEta(formatClock(order.courierPickupEta))}{' '}
              <span className="courier-countdown">({clock.courierCountdown})</span>
            </span>
          )}
          {order.pickupCompleted && (
            <span className="tag tag-courier">{en.order.courierPickedUp}</span>
          )}
          {!order.courierPickupEta &&
            order.pickupEta &&
            order.status === 'READY' &&
            !done &&
            !unclaimed && (
              <span className="tag">{en.order.pickupEta(formatClock(order.pickupEta))}</span>
            )}
        </div>

        {/* Main marked it (placed while the order stream was down); the mark outlives the gap notice. */}
        {order.arrivedLate && (
          <p className="card-late" data-testid="arrived-late">
            {en.board.arrivedLate(formatClock(order.createdAt))}
          </p>
        )}
        {cooking && (
          // The banner above the board announces it; the card only shows which order it is.
          <div className="card-cooking">
            <strong>{en.order.startCooking(order.orderNumber)}</strong>
            <button
              type="button"
              className="btn btn-go btn-small"
              onClick={(e) => {
                e.stopPropagation();
                act.acknowledgeStartCooking(order.id);
              }}
            >
              {en.order.startCookingOk}
            </button>
          </div>
        )}
        {clock.waiting !== null && (
          <p className="card-waiting" data-testid="waiting">
            {en.order.waiting(clock.waiting)}
          </p>
        )}
        {readyBy && due && (
          <p
            className={`card-due ${due.overdue ? 'card-due-overdue' : ''}`}
            data-testid="ready-by"
            role={due.overdue ? 'alert' : undefined}
          >
            <strong>{en.order.readyBy(formatClock(readyBy.at))}</strong> ·{' '}
            {readyBy.confirmed ? due.text : en.order.readyByAsked}
          </p>
        )}
        {unclaimed && order.pickupEta && clock.unclaimedFor !== null && (
          <p className="card-unclaimed-note" data-testid="unclaimed" role="status">
            {en.order.unclaimed(formatClock(order.pickupEta), clock.unclaimedFor)}
          </p>
        )}

        {!done && (
          <ul className="card-items">
            {order.items.map((item) => (
              <li key={item.id}>
                <span className="item-count">{item.count}×</span>{' '}
                <PlatformText className="item-name" text={item.name} />{' '}
                <LineSoldOut
                  line={item}
                  actionable={selected}
                  items={menuItems}
                  venueId={order.venueId}
                />
                <ItemOptions item={item} />
              </li>
            ))}
          </ul>
        )}
        {!done && <OwnDelivery order={order} whole={selected} />}
        {!done && order.consumerComment && (
          <p className={`card-comment ${allergy ? 'card-comment-allergy' : ''}`}>
            <strong>{allergy ? en.allergy.note : en.order.comment}:</strong>{' '}
            <PlatformText note text={order.consumerComment} />
          </p>
        )}

        <div className="card-total">
          {done ? (
            <span className={`done-status done-${order.status.toLowerCase()}`}>
              {isPickedUpByCourier(order) && !isClosedByPlatform(order)
                ? en.order.pickedUpDone
                : en.order.statuses[order.status]}
            </span>
          ) : (
            <span>{en.order.items(order.items.reduce((n, i) => n + i.count, 0))}</span>
          )}
          <strong>{formatMoney(order.total)}</strong>
        </div>
        {done && order.rejectReason && (
          <p className="card-comment">{en.order.rejectReason(order.rejectReason)}</p>
        )}

        {submitting && (
          <p className="card-state state-pending" role="status">
            <span className="spinner" aria-hidden="true" /> {en.actions.sending}
          </p>
        )}
        {order.pending?.state === 'pending' && pendingKind && (
          <p className="card-state state-pending" role="status">
            <span className="spinner" aria-hidden="true" /> {en.actions.pending(pendingKind)}
          </p>
        )}
        {order.pending?.state === 'failed' && pendingKind && (
          <div className="card-state state-failed" role="alert">
            <p>
              <strong>{en.actions.failed(pendingKind)}</strong>
              {failure ? `: ${failure}` : ''}
            </p>
            <div className="card-actions">
              {!closed && (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={(e) => {
                    e.stopPropagation();
                    if (order.pending)
                      void act
                        .retry(order.pending.actionId)
                        .then((refused) => act.showCallError(order.id, refused));
                  }}
                >
                  {en.actions.retry}
                </button>
              )}
              <button
                type="button"
                className="btn btn-quiet"
                onClick={(e) => {
                  e.stopPropagation();
                  if (order.pending)
                    void act
                      .discard(order.pending.actionId)
                      .then((refused) => act.showCallError(order.id, refused));
                }}
              >
                {closed ? en.actions.dismiss : en.actions.discard}
              </button>
            </div>
          </div>
        )}
        {callError && (
          <div className="card-state state-failed" role="alert">
            <p>
              <strong>{en.actions.refused}:</strong> {errorWords(callError)}
            </p>
            <button
              type="button"
              className="btn btn-quiet btn-small"
              onClick={(e) => {
                e.stopPropagation();
                act.dismissCallError(order.id);
              }}
            >
              {en.actions.close}
            </button>
          </div>
        )}

        <OrderPrint order={order} selected={selected} jobs={printJobs} />
        {(actions.length > 0 || canBookCourier(order, done)) && (
          <div className="card-actions">
            {canBookCourier(order, done) && (
              <button
                type="button"
                className="btn btn-light"
                onClick={(e) => {
                  e.stopPropagation();
                  act.openDialog({ kind: 'courier', prefill: courierPrefill(order) });
                }}
              >
                {en.ownDelivery.bookInstead}
              </button>
            )}
            {actions.map((kind) => (
              <button
                key={kind}
                type="button"
                className={actionClass(kind)}
                onClick={(e) => {
                  e.stopPropagation();
                  run(kind);
                }}
              >
                {actionLabel(kind, order)}
              </button>
            ))}
          </div>
        )}
      </article>
    </div>
  );
};

/**
 * Re-renders when its order object changed (the store keeps unchanged orders identical), its
 * selection or ring changed, or something it shows of the clock changed.
 */
export const OrderCard = memo(
  OrderCardView,
  sameOrderView<CardClock, Props>([
    'done',
    'age',
    'ageClass',
    'due',
    'waiting',
    'escalated',
    'courierLate',
    'courierCountdown',
    'unclaimed',
    'unclaimedFor',
    'tileTime',
  ]),
);
