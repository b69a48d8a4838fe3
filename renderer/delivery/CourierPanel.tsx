import { useState } from 'react';
import type { Delivery, DeliveryCancelCode } from '../../shared/domain';
import { isBeforePickup, isFinalDelivery } from '../../shared/domain';
import type { DeliveryConfigureRequest } from '../../shared/ipc/contract';
import { deliveryConfigureSchema } from '../../shared/ipc/contract';
import { useApp } from './hooks';
import { trimValues, useFormSubmit } from '../ui-kit/form';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';
import { formatClock, formatMoney } from '../ui-kit/format';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { AreaCheck } from './AreaCheck';
import { whereaboutsLine } from './whereabouts';
import { actionErrorWords, errorWords, refusalWords } from '../ui-kit/bridge';
import type { BridgeError } from '../../shared/ipc/contract';

type SetupField = keyof DeliveryConfigureRequest;
// Each field's label is the message of its name, worded at render (a switch of language follows).
const SETUP_FIELDS: Array<{ name: SetupField; secret?: boolean }> = [
  {
    name: 'driveUrl',
  },
  {
    name: 'merchantId',
  },
  {
    name: 'merchantKey',
    secret: true,
  },
  {
    name: 'venueId',
  },
];

/** The separate, optional "Courier delivery" set-up. */
const DeliverySetupForm = ({ onDone }: { onDone: (() => void) | null }) => {
  const setup = useApp((s) => s.deliverySetup);
  const configure = useApp((s) => s.configureDelivery);
  const [values, setValues] = useState<Record<SetupField, string>>({
    driveUrl: setup?.driveUrl ?? '',
    merchantId: setup?.merchantId ?? '',
    merchantKey: '',
    venueId: setup?.venueId ?? '',
  });
  const { errors: fieldErrors, error, busy, submit: send } = useFormSubmit();

  const submit = (): Promise<void> => {
    const trimmed = trimValues(values);
    const parsed = deliveryConfigureSchema.safeParse(trimmed);
    return send(parsed, en.courier.fixFields, async (data) => {
      const failure = await configure(data);
      if (!failure) onDone?.();
      return failure;
    });
  };

  return (
    <Form className="setup-form" label={en.courier.setupTitle} onSubmit={submit}>
      <h2>{en.courier.setupTitle}</h2>
      <p className="muted">{en.courier.setupIntro}</p>
      {SETUP_FIELDS.map((spec) => (
        <label key={spec.name} className="field">
          <span>{en.courier[spec.name]}</span>
          <input
            name={spec.name}
            type={spec.secret ? 'password' : 'text'}
            autoComplete="off"
            spellCheck={false}
            value={values[spec.name]}
            aria-invalid={Boolean(fieldErrors[spec.name])}
            onChange={(e) => setValues((v) => ({ ...v, [spec.name]: e.target.value }))}
          />
          {fieldErrors[spec.name] && <span className="field-error">{fieldErrors[spec.name]}</span>}
        </label>
      ))}
      <Refusal text={error} what={en.courier.setupFailed} />
      <DialogActions
        actions={[
          onDone && { label: en.actions.cancel, tone: 'quiet', onClick: onDone },
          {
            label: busy ? en.courier.saving : en.courier.saveSetup,
            tone: 'go',
            large: true,
            disabled: busy,
          },
        ]}
      />
    </Form>
  );
};

const etaLine = (d: Delivery): string | null => {
  if (d.completedAt) return en.courier.deliveredAt(formatClock(d.completedAt));
  if (isFinalDelivery(d.status)) return null;
  if (isBeforePickup(d.status) && d.pickupEta)
    return en.courier.pickupEta(formatClock(d.pickupEta));
  if (d.dropoffEtaMax) {
    const [from, to] = [
      formatClock(d.dropoffEtaMin ?? d.dropoffEtaMax),
      formatClock(d.dropoffEtaMax),
    ];
    return en.courier.dropoffEta(from === to ? null : from, to);
  }
  // After the pickup an old pickup time would mislead ("Courier here" while it drives away):
  // show nothing until the drop-off estimate arrives.
  return null;
};

/** The PIN, or a button that asks for it (a refusal goes to the card's one refusal row). */
const HandshakePin = ({
  delivery,
  onCallError,
}: {
  delivery: Delivery;
  onCallError: (error: BridgeError | null) => void;
}) => {
  const fetchPin = useApp((s) => s.handshakePin);
  const [pin, setPin] = useState<string | null>(null);
  const shown = delivery.handshakePin ?? pin;
  if (shown) return <strong className="pill pill-neutral">{en.courier.pin(shown)}</strong>;
  return (
    <button
      type="button"
      className="btn btn-light btn-small"
      onClick={() => {
        onCallError(null);
        void fetchPin(delivery.id).then((result) =>
          result.ok ? setPin(result.value) : onCallError(result.error),
        );
      }}
    >
      {en.courier.showPin}
    </button>
  );
};

const statusPillClass = (status: Delivery['status']): string =>
  status === 'delivered'
    ? 'pill-ok'
    : status === 'rejected' || status === 'customer_no_show'
      ? 'pill-bad'
      : 'pill-neutral';

/** Where it goes, when, where the courier is, what it costs and what the courier collects. */
const DeliveryFacts = ({ delivery }: { delivery: Delivery }) => {
  const eta = etaLine(delivery);
  const whereabouts = whereaboutsLine(delivery);
  return (
    <>
      <p>
        {en.courier.to(
          delivery.recipientName,
          delivery.address.formatted ?? `${delivery.address.street}, ${delivery.address.city}`,
        )}
      </p>
      <p>
        {eta && <span data-testid="delivery-eta">{eta}</span>}
        {whereabouts && (
          <>
            {eta ? ' · ' : ''}
            <span data-testid="courier-whereabouts">{whereabouts}</span>
          </>
        )}
        {delivery.price && <span className="muted"> · {formatMoney(delivery.price)}</span>}
        {delivery.cashToCollect !== null && delivery.price && (
          <span>
            {' '}
            ·{' '}
            {en.courier.collectCash(
              formatMoney({ amount: delivery.cashToCollect, currency: delivery.price.currency }),
            )}
          </span>
        )}
      </p>
      {(delivery.scheduledDropoff || delivery.noContact || delivery.idCheck) &&
        !isFinalDelivery(delivery.status) && (
          <p className="delivery-tags">
            {delivery.scheduledDropoff && (
              <span className="tag">
                {en.courier.scheduledCard(formatClock(delivery.scheduledDropoff))}
              </span>
            )}
            {delivery.noContact && <span className="tag">{en.courier.noContact}</span>}
            {delivery.idCheck && <span className="tag">{en.courier.idCheck}</span>}
          </p>
        )}
      {(delivery.cancelCode || delivery.rejectedReason) && delivery.status === 'rejected' && (
        <p className="muted">
          {en.courier.rejectedReason(
            delivery.cancelCode
              ? en.courier.cancelReasons[delivery.cancelCode]
              : (delivery.rejectedReason ?? ''),
          )}
        </p>
      )}
    </>
  );
};

/** The card's buttons: tracking, the PIN, booking again after no word, and cancel. */
const DeliveryActions = ({
  delivery,
  asking,
  onAsk,
  onCallError,
}: {
  delivery: Delivery;
  /** The cancel form is open (its own buttons replace these). */
  asking: boolean;
  onAsk: () => void;
  onCallError: (error: BridgeError | null) => void;
}) => {
  const rebook = useApp((s) => s.rebookDelivery);
  const failed = delivery.pending?.state === 'failed';
  const cancelling = delivery.pending?.kind === 'cancel' && delivery.pending.state === 'pending';
  return (
    <div className="delivery-actions">
      {delivery.trackingUrl && (
        <a
          className="btn btn-light btn-small"
          href={delivery.trackingUrl}
          target="_blank"
          rel="noreferrer noopener"
        >
          {en.courier.track}
        </a>
      )}
      {delivery.handshakeRequired && delivery.reference && !isFinalDelivery(delivery.status) && (
        <HandshakePin delivery={delivery} onCallError={onCallError} />
      )}
      {delivery.bookingCheck?.staffMayDecide && !asking && (
        <>
          <span>{en.courier.noWord}</span>
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => {
              onCallError(null);
              void rebook(delivery.id).then((error) => {
                if (error) onCallError(error);
              });
            }}
          >
            {en.courier.bookAgain}
          </button>
        </>
      )}
      {delivery.cancellable &&
        !cancelling &&
        !failed &&
        !asking &&
        (!delivery.bookingCheck || delivery.bookingCheck.staffMayDecide) && (
          <button type="button" className="btn btn-danger-outline btn-small" onClick={onAsk}>
            {en.courier.cancel}
          </button>
        )}
      {cancelling && <span className="muted">{en.courier.cancelling}</span>}
    </div>
  );
};

/** The reason a cancel starts with, until staff type their own. */
const DEFAULT_CANCEL: DeliveryCancelCode = 'customer-cancelled';

/** Cancel with a reason (prefilled), or keep the delivery. */
const CancelForm = ({
  deliveryId,
  reason,
  setReason,
  onDone,
  onCallError,
}: {
  deliveryId: string;
  /**
   * Kept by the card: a reason typed, then "Keep", is there again at the next cancel. Null until
   * staff type: the default reason, sent as its code and worded here in the screen's language.
   */
  reason: string | null;
  setReason: (reason: string) => void;
  onDone: () => void;
  onCallError: (error: BridgeError | null) => void;
}) => {
  const cancel = useApp((s) => s.cancelDelivery);
  const shown = reason ?? en.courier.cancelReasons[DEFAULT_CANCEL];
  return (
    <Form
      className="delivery-actions"
      label={en.courier.cancel}
      onSubmit={() => {
        onCallError(null);
        void cancel(deliveryId, reason ?? { code: DEFAULT_CANCEL }).then((error) => {
          if (error) onCallError(error);
          else onDone();
        });
      }}
    >
      <label className="field field-inline">
        <span>{en.courier.cancelReason}</span>
        <input name="cancelReason" value={shown} onChange={(e) => setReason(e.target.value)} />
      </label>
      <DialogActions
        actions={[
          {
            label: en.courier.confirmCancel,
            tone: 'danger',
            small: true,
            disabled: shown.trim() === '',
          },
          { label: en.courier.keep, tone: 'quiet', small: true, onClick: onDone },
        ]}
      />
    </Form>
  );
};

/**
 * The card's one refusal row, until staff dismiss it: the last call refused here (booking again,
 * cancelling, the PIN) in the screen's language, else a booking or cancel the courier service
 * refused. A new refusal replaces the row; refusals never stack up under the card.
 */
const RefusalRow = ({
  callError,
  failed,
  onCallError,
}: {
  callError: BridgeError | null;
  failed: NonNullable<Delivery['pending']> | null;
  onCallError: (error: BridgeError | null) => void;
}) => {
  const discard = useApp((s) => s.discard);
  if (!callError && !failed) return null;
  const dismiss = (): void => {
    if (callError || !failed) onCallError(null);
    else void discard(failed.actionId).then(onCallError);
  };
  return (
    <p className="form-error" role="alert" data-testid="delivery-refusal">
      {callError ? (
        errorWords(callError)
      ) : failed ? (
        <>
          <strong>
            {failed.kind === 'cancel' ? en.courier.cancelRefused : en.courier.bookRefused}:
          </strong>{' '}
          {failed.error ? actionErrorWords(failed.error) : null}
        </>
      ) : null}{' '}
      <button type="button" className="btn btn-quiet btn-small" onClick={dismiss}>
        {en.courier.dismiss}
      </button>
    </p>
  );
};

const DeliveryCard = ({ delivery }: { delivery: Delivery }) => {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const [callError, setCallError] = useState<BridgeError | null>(null);
  // A walk-in has no order number: the card is named for whom it goes to, never by an id.
  const label = delivery.orderNumber
    ? en.courier.delivery(delivery.orderNumber)
    : en.courier.deliveryTo(delivery.recipientName || null);
  const failed = delivery.pending?.state === 'failed' ? delivery.pending : null;

  return (
    <li>
      <article className="panel-section" aria-label={label}>
        <h3>
          {label}{' '}
          <span
            className={`pill ${statusPillClass(delivery.status)}`}
            data-testid="delivery-status"
          >
            {delivery.bookingCheck ? en.courier.checking : en.courier.statuses[delivery.status]}
          </span>
        </h3>
        <DeliveryFacts delivery={delivery} />
        <DeliveryActions
          delivery={delivery}
          asking={asking}
          onAsk={() => setAsking(true)}
          onCallError={setCallError}
        />
        {asking && (
          <CancelForm
            deliveryId={delivery.id}
            reason={reason}
            setReason={setReason}
            onDone={() => setAsking(false)}
            onCallError={setCallError}
          />
        )}
        <RefusalRow callError={callError} failed={failed} onCallError={setCallError} />
      </article>
    </li>
  );
};

export const CourierPanel = () => {
  const setup = useApp((s) => s.deliverySetup);
  const deliveries = useApp((s) => s.deliveries);
  const openDialog = useApp((s) => s.openDialog);
  const [editing, setEditing] = useState(false);

  if (!setup?.configured || editing) {
    return (
      <main className="panel" aria-label={en.nav.couriers}>
        <DeliverySetupForm onDone={setup?.configured ? () => setEditing(false) : null} />
      </main>
    );
  }
  return (
    <main className="panel" aria-label={en.nav.couriers}>
      <section className="panel-section">
        <h2>{en.courier.title}</h2>
        <p className="muted" data-testid="courier-webhook">
          {setup.webhookError ? refusalWords(setup.webhookError) : en.courier.webhookOk}
        </p>
        <DialogActions
          start
          actions={[
            {
              label: en.courier.book,
              tone: 'go',
              large: true,
              onClick: () => openDialog({ kind: 'courier' }),
            },
            { label: en.courier.changeSetup, tone: 'quiet', onClick: () => setEditing(true) },
          ]}
        />
      </section>
      <AreaCheck />
      {deliveries.length === 0 && <p className="muted">{en.courier.empty}</p>}
      <ul className="deliveries" aria-label={en.courier.title}>
        {deliveries.map((d) => (
          <DeliveryCard key={d.id} delivery={d} />
        ))}
      </ul>
    </main>
  );
};
