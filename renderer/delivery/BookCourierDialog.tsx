import { useEffect, useRef, useState } from 'react';
import type { DeliveryQuote } from '../../shared/domain';
import type { DeliveryBookRequest } from '../../shared/ipc/contract';
import { deliveryBookSchema, deliveryQuoteSchema } from '../../shared/ipc/contract';
import { useApp } from './hooks';
import { useFormSubmit } from '../ui-kit/form';
import { formatClock, formatMoney } from '../ui-kit/format';
import { en } from './messages';
import { Dialog } from '../ui-kit/Dialog';

import type { CourierDraft } from './delivery-slice';

type AddressField = keyof CourierDraft['address'];
type BookField = keyof CourierDraft['booking'];

// Staff type an address, never coordinates: a street with a post code or city makes a binding
// promise, and the booking goes to the coordinates the promise answers (docs/platform.md#shipment-promises).
const ADDRESS_FIELDS: Array<{ name: AddressField; label: string }> = [
  { name: 'street', label: en.courier.street },
  { name: 'postCode', label: en.courier.postCode },
  { name: 'city', label: en.courier.city },
];

const EMPTY_DRAFT: CourierDraft = {
  address: { street: '', postCode: '', city: '' },
  booking: { name: '', phone: '', description: '', count: '1', orderNumber: '', cash: '' },
  handshake: false,
  quote: null,
};

const isDirty = (draft: CourierDraft): boolean =>
  JSON.stringify({ ...draft, quote: null }) !== JSON.stringify(EMPTY_DRAFT) || draft.quote !== null;

/** A kept promise is only good until it expires; the address stays either way. */
const stillValid = (quote: DeliveryQuote | null): DeliveryQuote | null =>
  quote && (!quote.validUntil || Date.parse(quote.validUntil) > Date.now()) ? quote : null;

const number = (text: string): number | null =>
  text.trim() === '' ? null : Number(text.replace(',', '.'));

/** Cash as staff type it ("12.50") in minor units of the promise's currency (2 digits). */
const minorUnits = (text: string): number | null => {
  const value = number(text);
  return value === null || !Number.isFinite(value) ? null : Math.round(value * 100);
};

/** "Book courier": an address gets a promise (price, ETA, binding or why not); a binding one can be booked. */
export const BookCourierDialog = () => {
  const close = useApp((s) => s.openDialog);
  const quoteDelivery = useApp((s) => s.quoteDelivery);
  const bookCourier = useApp((s) => s.bookCourier);
  const setView = useApp((s) => s.setView);
  const kept = useApp((s) => s.courierDraft);
  const keepDraft = useApp((s) => s.keepCourierDraft);
  const [restored] = useState(() => kept !== null && isDirty(kept));
  const [address, setAddress] = useState<Record<AddressField, string>>(
    kept?.address ?? EMPTY_DRAFT.address,
  );
  const [booking, setBooking] = useState<Record<BookField, string>>(
    kept?.booking ?? EMPTY_DRAFT.booking,
  );
  const [handshake, setHandshake] = useState(kept?.handshake ?? false);
  const [quote, setQuote] = useState<DeliveryQuote | null>(() => stillValid(kept?.quote ?? null));
  const { errors, error, busy, submit } = useFormSubmit();

  // A tap outside (or Escape, or Close) must not throw away a half-filled form: whatever closes
  // the dialog, an unfinished booking is kept and comes back next time.
  const latest = useRef<CourierDraft | null>(null);
  latest.current = { address, booking, handshake, quote };
  const booked = useRef(false);
  useEffect(
    () => () => {
      const draft = latest.current;
      keepDraft(!booked.current && draft && isDirty(draft) ? draft : null);
    },
    [keepDraft],
  );

  const startOver = (): void => {
    setAddress(EMPTY_DRAFT.address);
    setBooking(EMPTY_DRAFT.booking);
    setHandshake(false);
    setQuote(null);
  };

  const getQuote = (): Promise<void> => {
    const parsed = deliveryQuoteSchema.safeParse({
      street: address.street.trim(),
      postCode: address.postCode.trim(),
      city: address.city.trim(),
    });
    return submit(
      parsed,
      en.courier.fixFields,
      async (data) => setQuote(await quoteDelivery(data)),
      (path) => String(path[0] ?? 'street'),
    );
  };

  const book = (promiseId: string): Promise<void> => {
    const candidate: DeliveryBookRequest = {
      promiseId,
      recipient: { name: booking.name.trim(), phone: booking.phone.trim() },
      parcels: [{ description: booking.description.trim(), count: Number(booking.count) }],
      orderNumber: booking.orderNumber.trim(),
      cashAmount: minorUnits(booking.cash),
      handshake,
    };
    return submit(
      deliveryBookSchema.safeParse(candidate),
      en.courier.fixFields,
      async (data) => {
        await bookCourier(data);
        booked.current = true;
        setView('couriers');
        close(null);
      },
      (path) => {
        if (path[0] === 'recipient') return String(path[1]);
        if (path[0] === 'parcels') return String(path[2] ?? 'description');
        if (path[0] === 'cashAmount') return 'cash';
        return String(path[0]);
      },
    );
  };

  const input = (
    name: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    mode?: 'decimal' | 'tel' | 'numeric',
  ) => (
    <label key={name} className="field">
      <span>{label}</span>
      <input
        name={name}
        inputMode={mode}
        autoComplete="off"
        value={value}
        aria-invalid={Boolean(errors[name])}
        onChange={(e) => onChange(e.target.value)}
      />
      {errors[name] && <span className="field-error">{errors[name]}</span>}
    </label>
  );

  return (
    <Dialog title={en.courier.book} onClose={() => close(null)}>
      {restored && (
        <p className="muted" role="status">
          {en.courier.draftKept}{' '}
          <button type="button" className="btn btn-quiet btn-small" onClick={startOver}>
            {en.courier.clearForm}
          </button>
        </p>
      )}
      {!quote ? (
        <form
          aria-label={en.courier.address}
          onSubmit={(e) => {
            e.preventDefault();
            void getQuote();
          }}
        >
          <p className="muted">{en.courier.addressHelp}</p>
          {ADDRESS_FIELDS.map((f) =>
            input(f.name, f.label, address[f.name], (v) =>
              setAddress((a) => ({ ...a, [f.name]: v })),
            ),
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="submit" className="btn btn-go btn-large" disabled={busy}>
              {busy ? en.courier.gettingPromise : en.courier.getPromise}
            </button>
          </div>
        </form>
      ) : (
        <form
          aria-label={en.courier.recipient}
          onSubmit={(e) => {
            e.preventDefault();
            if (quote.binding) void book(quote.promiseId);
          }}
        >
          <section
            className="panel-section"
            aria-label={quote.binding ? en.courier.binding : en.courier.notBinding}
            data-testid="courier-quote"
          >
            <p>
              <strong className={`pill ${quote.binding ? 'pill-ok' : 'pill-bad'}`}>
                {quote.binding ? en.courier.binding : en.courier.notBinding}
              </strong>{' '}
              {quote.formattedAddress}
            </p>
            <p>
              {quote.price && <strong>{en.courier.price(formatMoney(quote.price))}</strong>}
              {quote.dropoffEta && <> · {en.courier.eta(formatClock(quote.dropoffEta))}</>}
              {quote.timeEstimateMinutes !== null && (
                <span className="muted"> ({en.courier.minutes(quote.timeEstimateMinutes)})</span>
              )}
            </p>
            {!quote.binding && (
              <p className="form-error" role="alert">
                {quote.nonBindingReason} {en.courier.notBindingHelp}
              </p>
            )}
            {quote.binding && quote.addressMixUpRisk && (
              <p className="muted">{en.courier.mixUpRisk}</p>
            )}
          </section>
          {quote.binding && (
            <>
              <fieldset>
                <legend>{en.courier.recipient}</legend>
                {input('name', en.courier.recipientName, booking.name, (v) =>
                  setBooking((b) => ({ ...b, name: v })),
                )}
                {input(
                  'phone',
                  en.courier.recipientPhone,
                  booking.phone,
                  (v) => setBooking((b) => ({ ...b, phone: v })),
                  'tel',
                )}
              </fieldset>
              <fieldset>
                <legend>{en.courier.parcel}</legend>
                {input('description', en.courier.parcelDescription, booking.description, (v) =>
                  setBooking((b) => ({ ...b, description: v })),
                )}
                {input(
                  'count',
                  en.courier.parcelCount,
                  booking.count,
                  (v) => setBooking((b) => ({ ...b, count: v })),
                  'numeric',
                )}
                {input('orderNumber', en.courier.orderNumber, booking.orderNumber, (v) =>
                  setBooking((b) => ({ ...b, orderNumber: v })),
                )}
                {input(
                  'cash',
                  en.courier.cash,
                  booking.cash,
                  (v) => setBooking((b) => ({ ...b, cash: v })),
                  'decimal',
                )}
                <label className="check">
                  <input
                    type="checkbox"
                    name="handshake"
                    checked={handshake}
                    onChange={(e) => setHandshake(e.target.checked)}
                  />
                  {en.courier.handshake}
                </label>
              </fieldset>
            </>
          )}
          {error && (
            <p className="form-error" role="alert">
              <strong>{en.courier.bookFailed}:</strong> {error}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-quiet" onClick={() => setQuote(null)}>
              {en.courier.changeAddress}
            </button>
            {quote.binding && (
              <button type="submit" className="btn btn-go btn-large" disabled={busy}>
                {busy ? en.courier.booking : en.courier.confirm}
              </button>
            )}
          </div>
        </form>
      )}
    </Dialog>
  );
};
