import { useEffect, useState } from 'react';
import type { MenuItemSummary, Order, OrderItem } from '../../shared/domain';
import { menuItemOfLine } from '../../shared/menu-match';
import type { Duration } from '../ui-kit/format';
import { untilFor } from '../ui-kit/format';
import { useApp } from './hooks';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { Dialog } from '../ui-kit/Dialog';
import { DialogActions } from '../ui-kit/DialogActions';
import { otherVenueItems } from '../ui-kit/venue-menu';

type Code = keyof typeof en.reject.presets;
const CODES = Object.keys(en.reject.presets) as Code[];
type SoldOutFor = Exclude<Duration, 'm30'>;
const DURATIONS: SoldOutFor[] = ['restOfDay', 'h1', 'indefinitely'];

/**
 * "Items unavailable": which of the order's lines, and for how long they are sold out. The
 * rejection marks them sold out in the same step (reject, the reason, a line, confirm: 4 taps).
 */
const UnavailableItems = ({
  order,
  menuItems,
  chosen,
  toggle,
  duration,
  setDuration,
}: {
  order: Order;
  /** The order's venue's items; null while that venue's menu is not read here yet. */
  menuItems: readonly MenuItemSummary[] | null;
  chosen: ReadonlySet<string>;
  toggle: (line: OrderItem) => void;
  duration: SoldOutFor;
  setDuration: (d: SoldOutFor) => void;
}) => (
  <div className="reject-items">
    <div className="picker" role="group" aria-label={en.reject.whichItems}>
      <span className="picker-label">{en.reject.whichItems}</span>
      {order.items.map((line) => (
        <button
          key={line.id}
          type="button"
          className={`chip chip-wide ${chosen.has(line.id) ? 'chip-on' : ''}`}
          aria-pressed={chosen.has(line.id)}
          onClick={() => toggle(line)}
        >
          {line.name}
          {menuItems && !menuItemOfLine(line, menuItems) && (
            <span className="muted"> · {en.reject.notOnMenu}</span>
          )}
        </button>
      ))}
    </div>
    <div className="picker" role="group" aria-label={en.reject.soldOutFor}>
      <span className="picker-label">{en.reject.soldOutFor}</span>
      {DURATIONS.map((d) => (
        <button
          key={d}
          type="button"
          className={`chip ${duration === d ? 'chip-on' : ''}`}
          aria-pressed={duration === d}
          onClick={() => setDuration(d)}
        >
          {en.reject.durations[d]}
        </button>
      ))}
    </div>
  </div>
);

/** Why: each code with the reason the customer reads. */
const ReasonCodes = ({ code, onPick }: { code: Code | null; onPick: (code: Code) => void }) => (
  <div className="picker">
    {CODES.map((c, index) => (
      <button
        key={c}
        type="button"
        // A rejection starts with its reason; the destructive button is never the first stop.
        data-autofocus={index === 0 ? true : undefined}
        className={`chip chip-wide ${code === c ? 'chip-on' : ''}`}
        aria-pressed={code === c}
        onClick={() => onPick(c)}
      >
        {en.reject.presets[c]}
      </button>
    ))}
  </div>
);

export const RejectDialog = ({ orderId }: { orderId: string }) => {
  const order = useApp((s) => s.orders.find((o) => o.id === orderId));
  // The order's own venue's menu: its lines are judged, and sold out, there.
  const venueId = order?.venueId;
  const firstItems = useApp((s) => s.menuItems);
  const otherItems = useApp((s) => otherVenueItems(s, venueId));
  const menuItems = otherItems === null ? firstItems : (otherItems ?? null);
  const loadMenus = useApp((s) => s.loadMenus);
  const takeAction = useApp((s) => s.takeAction);
  const close = useApp((s) => s.openDialog);
  // What staff typed; until they type, the reason is the chosen code's, worded at each render (in
  // the screen's language now) and following the chosen lines.
  const [ownReason, setOwnReason] = useState<string | null>(null);
  const [code, setCode] = useState<Code | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [duration, setDuration] = useState<SoldOutFor>('restOfDay');
  const [missingReason, setMissingReason] = useState(false);
  const unread = otherItems === undefined && venueId !== undefined;
  useEffect(() => {
    if (unread) void loadMenus([venueId]);
  }, [unread, venueId, loadMenus]);
  if (!order) return null;

  const chosenLines = order.items.filter((line) => chosen.has(line.id));
  // The menu items to mark sold out: each once, and only those still orderable.
  const toMark = [
    ...new Map(
      chosenLines
        .map((line) => menuItemOfLine(line, menuItems ?? []))
        .filter((item): item is MenuItemSummary => item !== undefined && item.available)
        .map((item) => [item.externalData, item]),
    ).values(),
  ];
  const itemsUnavailable = code === 'ITEMS_UNAVAILABLE';
  const reason =
    ownReason ??
    (code === null
      ? ''
      : itemsUnavailable && chosenLines.length
        ? en.reject.itemsReason(chosenLines.map((l) => l.name))
        : en.reject.presets[code]);

  const toggle = (line: OrderItem): void => {
    const next = new Set(chosen);
    if (next.has(line.id)) next.delete(line.id);
    else next.add(line.id);
    setChosen(next);
    setMissingReason(false);
  };

  const confirm = (): void => {
    if (!reason.trim()) {
      setMissingReason(true);
      return;
    }
    close(null);
    // One call: the rejection and the sold-out marks (in the order's own venue) are queued in one
    // transaction, or none is. Each mark's state shows in the menu and, if refused, in Activity.
    const soldOut =
      itemsUnavailable && toMark.length > 0
        ? { items: toMark.map((item) => item.externalData), until: untilFor(duration, Date.now()) }
        : undefined;
    void takeAction('reject', {
      orderId: order.id,
      reason: reason.trim(),
      code: code ?? 'GENERIC',
      ...(soldOut ? { soldOut } : {}),
    });
  };

  return (
    <Dialog title={en.reject.title(order.orderNumber)} onClose={() => close(null)}>
      <Form onSubmit={confirm}>
        <ReasonCodes
          code={code}
          onPick={(c) => {
            setCode(c);
            setOwnReason(null);
            setMissingReason(false);
          }}
        />
        {itemsUnavailable && (
          <UnavailableItems
            order={order}
            menuItems={menuItems}
            chosen={chosen}
            toggle={toggle}
            duration={duration}
            setDuration={setDuration}
          />
        )}
        <label className="field">
          <span>{en.reject.reasonLabel}</span>
          <input
            value={reason}
            maxLength={500}
            aria-invalid={missingReason}
            onChange={(e) => {
              setOwnReason(e.target.value);
              setMissingReason(false);
            }}
          />
        </label>
        {missingReason && (
          <p className="field-error" role="alert">
            {en.reject.reasonRequired}
          </p>
        )}
        <DialogActions
          actions={[
            { label: en.actions.cancel, tone: 'quiet', onClick: () => close(null) },
            {
              label:
                itemsUnavailable && toMark.length > 0
                  ? en.reject.confirmSoldOut(toMark.length)
                  : en.reject.confirm,
              tone: 'danger',
              large: true,
            },
          ]}
        />
      </Form>
    </Dialog>
  );
};
