import { memo } from 'react';
import type { Order, OrderActionKind } from '../../shared/domain';
import type { PrintJob } from '../../shared/printing';
import type { BridgeError } from '../../shared/ipc/contract';
import { isPickedUpByCourier } from '../../shared/order-timing';
import { mentionsAllergy } from '../../shared/allergy';
import { useAppStore } from './hooks';
import { actionClass, actionLabel, takeOrderAction } from './order-action-ui';
import { isClosedByPlatform, primaryAction } from './board';
import { typeKey } from '../../shared/order-words';
import type { CardClock } from './OrderCard';
import { useCardSlots } from './card-slots';
import { sameOrderView } from './order-view-memo';
import { en } from './messages';
import { formatClock } from '../ui-kit/format';
import type { VenueMark as Mark } from '../ui-kit/venue-marks';
import { VenueMark } from '../ui-kit/VenueMark';

/** The customer's first name: a tile has room for what staff call out at the counter. */
const firstName = (order: Order): string =>
  order.consumerName?.trim().split(/\s+/)[0] || en.order.noName;

/** Which side of the board an order's detail covers. */
export type DetailSide = 'left' | 'right';

type Props = {
  order: Order;
  /** Its venue's mark, on a terminal of several venues. */
  venue: Mark | null;
  clock: CardClock;
  flashing: boolean;
  selected: boolean;
  /** Its detail is open beside the board. */
  open: boolean;
  /** Cancelled by the platform and not yet acknowledged: it stays, with its items. */
  cancelled: boolean;
  submitting: boolean;
  callError: BridgeError | null;
  cooking: boolean;
  printJobs: readonly PrintJob[] | null;
  /** Opens the order's detail (lines, notes, customer, printing, reject…) over the board. */
  onOpen: (orderId: string, side: DetailSide) => void;
};

/** A tile's one button (or state): acknowledge a cancel, the primary action, or where it stands. */
const TileAction = ({
  order,
  done,
  cancelled,
  failed,
  submitting,
  primary,
  courier,
}: {
  order: Order;
  /** For a ready order nobody at the counter acts on: when the platform's courier comes. */
  courier: string | null;
  done: boolean;
  cancelled: boolean;
  failed: boolean;
  submitting: boolean;
  primary: OrderActionKind | null;
}) => {
  const act = useAppStore().getState();
  return (
    <div className="card-actions tile-action">
      {cancelled ? (
        <button
          type="button"
          className="btn btn-danger"
          onClick={(e) => {
            e.stopPropagation();
            void act.acknowledgeCancelled(order.id);
          }}
        >
          {en.board.cancelledOk}
        </button>
      ) : done ? (
        <span className={`done-status done-${order.status.toLowerCase()}`}>
          {isPickedUpByCourier(order) && !isClosedByPlatform(order)
            ? en.order.pickedUpDone
            : en.order.statuses[order.status]}
        </span>
      ) : failed ? (
        // Why and what to do (retry, discard) are in the detail: one tap opens it.
        <button type="button" className="btn btn-danger">
          {en.board.notSent}
        </button>
      ) : submitting || order.pending ? (
        <span className="card-state state-pending" role="status">
          <span className="spinner" aria-hidden="true" />{' '}
          {submitting
            ? en.actions.sending
            : en.board.waiting(actionLabel(order.pending!.kind, order))}
        </span>
      ) : primary ? (
        <button
          type="button"
          className={actionClass(primary)}
          onClick={(e) => {
            e.stopPropagation();
            takeOrderAction(act, order.id, primary);
          }}
        >
          {actionLabel(primary, order)}
        </button>
      ) : courier ? (
        // No button, yet never an empty slot: staff see what the order waits for.
        <span className="card-state tile-courier" data-testid="tile-courier">
          {courier}
        </span>
      ) : null}
    </div>
  );
};

/**
 * An order on the board at a glance, as kitchen displays show it: its number, type, customer's
 * first name, age or ready-by countdown, item count, flags, and its one primary action (the table's
 * first `primary` action, shared/order-actions.ts). Everything else is in its detail, one tap on
 * the tile away. Every tile has the same height whatever the order holds, so a column of them
 * keeps its rows and an order's detail never moves the board.
 */
const OrderTileView = ({
  order,
  venue,
  clock,
  flashing,
  selected,
  open,
  cancelled,
  submitting,
  callError,
  cooking,
  printJobs,
  onOpen,
}: Props) => {
  const act = useAppStore().getState();
  const { TilePrintMark } = useCardSlots();
  const { done, due, escalated, unclaimed } = clock;
  const failed = order.pending?.state === 'failed' || callError !== null;
  const primary = submitting || order.pending ? null : primaryAction(order);
  const items = order.items.reduce((n, item) => n + item.count, 0);
  const allergy = !done && mentionsAllergy(order.consumerComment);

  const classes = ['card', 'tile'];
  if (flashing || cooking) classes.push('card-flash');
  if (escalated && flashing) classes.push('card-escalated');
  if (due?.overdue) classes.push('card-overdue');
  if (unclaimed) classes.push('card-unclaimed');
  if (selected) classes.push('card-selected');
  if (open) classes.push('tile-open');
  if (failed) classes.push('card-failed');
  else if (order.pending || submitting) classes.push('card-pending');
  // A cancelled tile keeps its working size until acknowledged: it marks, it does not shrink.
  if (cancelled) classes.push('card-cancelled');
  else if (done) classes.push('card-done');

  return (
    <div className="card-slot">
      <article
        className={classes.join(' ')}
        aria-label={en.order.label(order.orderNumber)}
        data-order-id={order.id}
        data-status={order.status}
        tabIndex={0}
        onClick={(event) => {
          act.select(order.id);
          // Over the half of the board the tile is not in: the tile stays in sight.
          const box = event.currentTarget.getBoundingClientRect();
          onOpen(order.id, box.left + box.width / 2 > window.innerWidth / 2 ? 'left' : 'right');
        }}
      >
        <header className="tile-head">
          <span className="card-number">{en.order.number(order.orderNumber)}</span>
          {venue && <VenueMark mark={venue} className="tile-venue" />}
          <span
            className={`tile-time ${due?.overdue && !done ? 'tile-time-overdue' : clock.ageClass}`}
            data-testid="tile-time"
            title={due && !done ? due.text : clock.age}
          >
            {clock.tileTime}
          </span>
        </header>
        <p className="tile-meta">
          {cancelled && (
            <span className="tile-flag tile-cancelled" data-testid="tile-cancelled">
              {en.board.cancelledMark}
            </span>
          )}
          {allergy && (
            // As on paper: an allergy note cannot be missed on a busy board.
            <span className="tile-flag tile-allergy" data-testid="allergy">
              {en.allergy.flag}
            </span>
          )}
          <TilePrintMark jobs={printJobs} />
          {order.arrivedLate && !done && (
            <span
              className="tile-flag tile-late"
              data-testid="arrived-late"
              title={en.board.arrivedLate(formatClock(order.createdAt))}
            >
              {en.board.arrivedLateShort}
            </span>
          )}
          {cancelled ? (
            // What to stop making: the lines themselves, not a count.
            <span className="tile-words" data-testid="tile-cancelled-items">
              {order.items.map((item) => en.board.itemLine(item.count, item.name)).join(', ')}
            </span>
          ) : (
            <span className="tile-words">
              {/* The name last: on a narrow tile it is the part cut short. */}
              {en.order[typeKey(order)]} · {en.order.items(items)} ·{' '}
              <span
                className="card-customer"
                data-platform-text={order.consumerName?.trim() ? '' : undefined}
              >
                {firstName(order)}
              </span>
            </span>
          )}
        </p>
        <TileAction
          order={order}
          courier={
            !done && order.status === 'READY' && primary === null
              ? order.courierPickupEta
                ? `${en.order.courierEta(formatClock(order.courierPickupEta))} (${clock.courierCountdown ?? ''})`
                : en.board.awaitingCourier
              : null
          }
          done={done}
          cancelled={cancelled}
          failed={failed}
          submitting={submitting}
          primary={primary}
        />
      </article>
    </div>
  );
};

/** What a tile shows of the clock (the whole card shows more). */
const TILE_CLOCK: ReadonlyArray<keyof CardClock> = [
  'done',
  'tileTime',
  'ageClass',
  'due',
  'escalated',
  'unclaimed',
  'courierCountdown',
];

/** Re-renders when what it shows changed (the clock's values are compared, not the object). */
export const OrderTile = memo(OrderTileView, sameOrderView<CardClock, Props>(TILE_CLOCK));
