import { useState } from 'react';
import { useApp, useNow, usePlatformOffset } from './hooks';
import {
  acceptWindow,
  defaultDeliveryChoice,
  deliveryChoices,
  deliveryWindow,
  laterChoices,
} from '../../shared/order-timing';
import { formatClock } from '../ui-kit/format';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { Dialog } from '../ui-kit/Dialog';
import { DialogActions } from '../ui-kit/DialogActions';

/** Both accept dialogs end the same way: Cancel, and the accept with its time, where focus starts. */
const AcceptActions = ({ label, onCancel }: { label: string; onCancel: () => void }) => (
  <DialogActions
    actions={[
      { label: en.actions.cancel, tone: 'quiet', onClick: onCancel },
      { label, tone: 'go', large: true, autofocus: true },
    ]}
  />
);

const inMinutes = (now: number, minutes: number): string =>
  formatClock(new Date(now + minutes * 60_000).toISOString());

/**
 * Offers only the preparation times the platform honours (shared/order-timing.ts: its estimate up
 * to 25 minutes later) and says so; main refuses anything else with the same rule.
 */
/** The minute choices of a picker, one chip each; `label` words a choice. */
const MinuteChips = ({
  choices,
  chosen,
  onChoose,
  label,
}: {
  choices: readonly number[];
  chosen: number | null;
  onChoose: (minutes: number) => void;
  label: (minutes: number) => string;
}) => (
  <>
    {choices.map((m) => (
      <button
        key={m}
        type="button"
        className={`chip ${chosen === m ? 'chip-on' : ''}`}
        aria-pressed={chosen === m}
        onClick={() => onChoose(m)}
      >
        {label(m)}
      </button>
    ))}
  </>
);

export const AcceptDialog = ({ orderId }: { orderId: string }) => {
  const order = useApp((s) => s.orders.find((o) => o.id === orderId));
  const takeAction = useApp((s) => s.takeAction);
  const close = useApp((s) => s.openDialog);
  const now = useNow(15_000) + usePlatformOffset();
  // null: the platform's estimate stands (the default: the platform already planned with it).
  const [minutes, setMinutes] = useState<number | null>(null);
  // Self-delivery: minutes until the customer has it; undefined until staff choose.
  const [delivery, setDelivery] = useState<number | undefined>(undefined);
  if (!order) return null;
  if (order.selfDelivery)
    return (
      <SelfDeliveryAccept
        orderId={order.id}
        orderNumber={order.orderNumber}
        pickupEta={order.pickupEta}
        now={now}
        chosen={delivery}
        choose={setDelivery}
      />
    );

  const window = acceptWindow(order, now);
  const choices = window ? laterChoices(window) : [];
  // The clock moved on while the dialog stayed open: a choice that fell out is dropped.
  const chosen = minutes !== null && choices.includes(minutes) ? minutes : null;
  const estimate = window ? formatClock(window.estimate) : null;
  const label =
    chosen !== null
      ? en.accept.minutes(chosen)
      : estimate
        ? en.accept.estimateLabel(estimate)
        : null;
  const confirm = (): void => {
    close(null);
    void takeAction('accept', { orderId: order.id, preparationMinutes: chosen });
  };

  return (
    <Dialog title={en.accept.title(order.orderNumber)} onClose={() => close(null)}>
      <Form onSubmit={confirm}>
        {window && estimate ? (
          <fieldset className="picker">
            <legend>{en.accept.prepTime}</legend>
            <button
              type="button"
              className={`chip chip-wide ${chosen === null ? 'chip-on' : ''}`}
              aria-pressed={chosen === null}
              onClick={() => setMinutes(null)}
            >
              {en.accept.estimate(estimate, window.earliest)}
            </button>
            <MinuteChips
              choices={choices}
              chosen={chosen}
              onChoose={setMinutes}
              label={(m) => en.accept.later(m, inMinutes(now, m))}
            />
            <p className="accept-rule" data-testid="accept-rule">
              {choices.length > 0
                ? en.accept.rule(estimate, inMinutes(now, window.latest))
                : en.accept.ruleClosed(estimate)}
            </p>
          </fieldset>
        ) : (
          <p className="accept-rule" data-testid="accept-rule">
            {en.accept.noTime}
          </p>
        )}
        <AcceptActions
          label={label ? en.accept.confirm(label) : en.accept.confirmPlain}
          onCancel={() => close(null)}
        />
      </Form>
    </Dialog>
  );
};

/**
 * A self-delivery order's accept: the time the venue's courier has it at the customer, offered
 * only inside the range the platform takes (shared/order-timing.ts), said before staff choose;
 * main refuses anything else with the same rule.
 */
const SelfDeliveryAccept = ({
  orderId,
  orderNumber,
  pickupEta,
  now,
  chosen,
  choose,
}: {
  orderId: string;
  orderNumber: string;
  pickupEta: string | null;
  now: number;
  chosen: number | undefined;
  choose: (minutes: number) => void;
}) => {
  const takeAction = useApp((s) => s.takeAction);
  const close = useApp((s) => s.openDialog);
  const window = deliveryWindow({ selfDelivery: true, pickupEta }, now);
  const choices = window ? deliveryChoices(window) : [];
  // The clock moved on while the dialog stayed open: a choice that fell out is dropped.
  const minutes =
    chosen !== undefined && choices.includes(chosen)
      ? chosen
      : window
        ? defaultDeliveryChoice(window, choices)
        : null;
  const confirm = (): void => {
    close(null);
    void takeAction('accept', {
      orderId,
      preparationMinutes: null,
      deliveryMinutes: minutes,
    });
  };
  return (
    <Dialog title={en.accept.title(orderNumber)} onClose={() => close(null)}>
      <Form onSubmit={confirm}>
        {window && choices.length > 0 ? (
          <fieldset className="picker" data-testid="delivery-times">
            <legend>{en.accept.deliveryTime}</legend>
            <MinuteChips
              choices={choices}
              chosen={minutes}
              onChoose={choose}
              label={(m) => en.accept.deliveryChoice(m, inMinutes(now, m))}
            />
            <p className="accept-rule" data-testid="accept-rule">
              {en.accept.deliveryRule(
                inMinutes(now, window.earliest),
                inMinutes(now, window.latest),
              )}
            </p>
          </fieldset>
        ) : (
          <p className="accept-rule" data-testid="accept-rule">
            {en.accept.deliveryClosed}
          </p>
        )}
        <AcceptActions
          label={
            minutes !== null
              ? en.accept.confirm(en.accept.deliveryLabel(inMinutes(now, minutes)))
              : en.accept.confirmPlain
          }
          onCancel={() => close(null)}
        />
      </Form>
    </Dialog>
  );
};
