import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { DeliveryQuote } from '../../shared/domain';
import type { DeliveryBookRequest, DeliveryQuoteRequest } from '../../shared/delivery-booking';
import {
  deliveryBookSchema,
  deliveryQuoteSchema,
  ORDER_NUMBER_SUGGESTED_CHARS,
  PREPARATION_MINUTES,
  SCHEDULE_LEAD_MINUTES,
  scheduleProblem,
  SMS_MAX_CHARS,
} from '../../shared/delivery-booking';
import { errorOf } from '../ui-kit/bridge';
import { useApp } from './hooks';
import { useFormSubmit } from '../ui-kit/form';
import { formatClock, formatMoney } from '../ui-kit/format';
import { en } from './messages';
import { Dialog } from '../ui-kit/Dialog';

import type {
  CourierAddressField,
  CourierBookingField,
  CourierCheck,
  CourierPrefill,
} from '../ui-kit/app-slice';
import type { CourierDraft } from './delivery-slice';

const EMPTY_DRAFT: CourierDraft = {
  address: { street: '', postCode: '', city: '', readyIn: '', scheduled: '' },
  booking: {
    name: '',
    phone: '',
    email: '',
    description: '',
    count: '1',
    bags: '',
    orderNumber: '',
    pickupComment: '',
    dropoffComment: '',
    smsReceived: '',
    smsPickedUp: '',
    tip: '',
    cash: '',
  },
  checks: { handshake: false, noContact: false, idCheck: false },
  quote: null,
};

const isDirty = (draft: CourierDraft): boolean =>
  JSON.stringify({ ...draft, quote: null }) !== JSON.stringify(EMPTY_DRAFT) || draft.quote !== null;

/** A kept promise is only good until it expires; the address stays either way. */
const stillValid = (quote: DeliveryQuote | null): DeliveryQuote | null =>
  quote && (!quote.validUntil || Date.parse(quote.validUntil) > Date.now()) ? quote : null;

/** What the dialog starts from: an order's or an area check's details, else a kept draft. */
const startingDraft = (kept: CourierDraft | null, prefill?: CourierPrefill): CourierDraft => {
  if (prefill)
    return {
      ...EMPTY_DRAFT,
      address: { ...EMPTY_DRAFT.address, ...prefill.address },
      booking: { ...EMPTY_DRAFT.booking, ...prefill.booking },
    };
  return kept ?? EMPTY_DRAFT;
};

/** Empty is "not given"; anything else a number, or NaN for the schema to call out. */
const number = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));

/** Money as staff type it ("12.50") in minor units of the offer's currency (2 digits). */
const minorUnits = (text: string): number | null => {
  const value = number(text);
  if (value === undefined) return null;
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
};

const QUARTER = 15 * 60_000;
/** Drop-off times offered: quarter hours from a little over the required hour ahead, for 12 hours. */
export const scheduleSlots = (nowMs: number): string[] => {
  // A quarter of an hour of slack, so a time picked now is still over the hour when it is sent.
  const first = Math.ceil((nowMs + (SCHEDULE_LEAD_MINUTES + 15) * 60_000) / QUARTER) * QUARTER;
  return Array.from({ length: 48 }, (_, i) => new Date(first + i * QUARTER).toISOString());
};

const ADDRESS_PATHS: Record<string, CourierAddressField> = {
  minPreparationMinutes: 'readyIn',
  scheduledDropoff: 'scheduled',
};
const BOOKING_PATHS: Record<string, string> = {
  bagCount: 'bags',
  cashAmount: 'cash',
};
/** The fields folded under "More options": opened when one of them needs fixing. */
const MORE_FIELDS = new Set([
  'email',
  'bags',
  'pickupComment',
  'smsReceived',
  'smsPickedUp',
  'tip',
  'cash',
]);

/** "Book courier": an address gets an offer (price, time, binding or why not); a binding one can be booked. */
// eslint-disable-next-line max-lines-per-function -- one form's fields and checks; not yet cut into smaller components (issue 37)
export const BookCourierDialog = ({ prefill }: { prefill?: CourierPrefill }) => {
  const close = useApp((s) => s.openDialog);
  const quoteDelivery = useApp((s) => s.quoteDelivery);
  const bookCourier = useApp((s) => s.bookCourier);
  const setView = useApp((s) => s.setView);
  const kept = useApp((s) => s.courierDraft);
  const keepDraft = useApp((s) => s.keepCourierDraft);
  const [start] = useState(() => startingDraft(kept, prefill));
  const [restored] = useState(() => !prefill && kept !== null && isDirty(kept));
  const [address, setAddress] = useState(start.address);
  const [booking, setBooking] = useState(start.booking);
  const [checks, setChecks] = useState(start.checks);
  const [quote, setQuote] = useState<DeliveryQuote | null>(() => stillValid(start.quote));
  const [slots] = useState(() => scheduleSlots(Date.now()));
  const [moreOpen, setMoreOpen] = useState(false);
  const { errors, error, busy, submit } = useFormSubmit();

  // A tap outside (or Escape, or Close) must not throw away a half-filled form: whatever closes
  // the dialog, an unfinished booking is kept and comes back next time.
  const latest = useRef<CourierDraft | null>(null);
  useEffect(() => {
    latest.current = { address, booking, checks, quote };
  });
  const booked = useRef(false);
  useEffect(
    () => () => {
      const draft = latest.current;
      keepDraft(!booked.current && draft && isDirty(draft) ? draft : null);
    },
    [keepDraft],
  );
  // A field to fix under "More options" opens it.
  const moreNeeded = Object.keys(errors).some((name) => MORE_FIELDS.has(name));

  const startOver = (): void => {
    setAddress(EMPTY_DRAFT.address);
    setBooking(EMPTY_DRAFT.booking);
    setChecks(EMPTY_DRAFT.checks);
    setQuote(null);
  };

  const getQuote = (): Promise<void> => {
    const candidate: DeliveryQuoteRequest = {
      street: address.street.trim(),
      postCode: address.postCode.trim(),
      city: address.city.trim(),
      ...(address.readyIn.trim() !== '' ? { minPreparationMinutes: number(address.readyIn) } : {}),
      ...(address.scheduled !== '' ? { scheduledDropoff: address.scheduled } : {}),
    };
    const parsed = deliveryQuoteSchema.safeParse(candidate);
    // The hour is counted from now, not from when the time was offered.
    const late =
      parsed.success && parsed.data.scheduledDropoff
        ? scheduleProblem(parsed.data.scheduledDropoff, Date.now())
        : null;
    return submit(
      late
        ? { success: false, error: { issues: [{ path: ['scheduledDropoff'], message: late }] } }
        : parsed,
      en.courier.fixFields,
      async (data) => {
        const result = await quoteDelivery(data);
        if (result.ok) setQuote(result.value);
        return errorOf(result);
      },
      (path) => {
        const first = String(path[0] ?? 'street');
        return ADDRESS_PATHS[first] ?? first;
      },
    );
  };

  const book = (promiseId: string): Promise<void> => {
    // Only what staff filled in is sent: a blank optional field is no field.
    const text = <K extends string>(key: K, value: string): Partial<Record<K, string>> =>
      value.trim() === '' ? {} : ({ [key]: value.trim() } as Record<K, string>);
    const amount = <K extends string>(key: K, value: number | null | undefined) =>
      value === null || value === undefined ? {} : ({ [key]: value } as Record<K, number>);
    const yes = <K extends string>(key: K, value: boolean) =>
      value ? ({ [key]: true } as Record<K, true>) : {};
    const candidate: DeliveryBookRequest = {
      promiseId,
      recipient: {
        name: booking.name.trim(),
        phone: booking.phone.trim(),
        ...text('email', booking.email),
      },
      parcels: [
        {
          description: booking.description.trim(),
          count: number(booking.count) ?? Number.NaN,
          ...yes('idCheck', checks.idCheck),
        },
      ],
      ...text('orderNumber', booking.orderNumber),
      ...text('pickupComment', booking.pickupComment),
      ...text('dropoffComment', booking.dropoffComment),
      ...text('smsReceived', booking.smsReceived),
      ...text('smsPickedUp', booking.smsPickedUp),
      ...yes('noContact', checks.noContact),
      ...yes('handshake', checks.handshake),
      ...amount('tip', minorUnits(booking.tip)),
      ...amount('bagCount', number(booking.bags)),
      ...amount('cashAmount', minorUnits(booking.cash)),
    };
    return submit(
      deliveryBookSchema.safeParse(candidate),
      en.courier.fixFields,
      async (data) => {
        const result = await bookCourier(data);
        if (!result.ok) return result.error;
        booked.current = true;
        setView('couriers');
        close(null);
        return null;
      },
      (path) => {
        if (path[0] === 'recipient') return String(path[1]);
        if (path[0] === 'parcels') return String(path[2] ?? 'description');
        const first = String(path[0]);
        return BOOKING_PATHS[first] ?? first;
      },
    );
  };

  const field = (
    name: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    options: { mode?: 'decimal' | 'tel' | 'numeric' | 'email'; hint?: string; long?: boolean } = {},
  ): ReactNode => (
    <label key={name} className="field">
      <span>{label}</span>
      {options.long ? (
        <textarea
          name={name}
          rows={2}
          value={value}
          aria-invalid={Boolean(errors[name])}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          name={name}
          inputMode={options.mode}
          autoComplete="off"
          value={value}
          aria-invalid={Boolean(errors[name])}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {options.hint && !errors[name] && <span className="muted field-hint">{options.hint}</span>}
      {errors[name] && <span className="field-error">{errors[name]}</span>}
    </label>
  );
  const addressField = (name: CourierAddressField, label: string, hint?: string) =>
    field(name, label, address[name], (v) => setAddress((a) => ({ ...a, [name]: v })), {
      ...(name === 'readyIn' ? { mode: 'numeric' as const } : {}),
      ...(hint ? { hint } : {}),
    });
  const bookingField = (
    name: CourierBookingField,
    label: string,
    options: Parameters<typeof field>[4] = {},
  ) => field(name, label, booking[name], (v) => setBooking((b) => ({ ...b, [name]: v })), options);
  const check = (name: CourierCheck, label: string) => (
    <label className="check" key={name}>
      <input
        type="checkbox"
        name={name}
        checked={checks[name]}
        onChange={(e) => setChecks((c) => ({ ...c, [name]: e.target.checked }))}
      />
      {label}
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
          {addressField('street', en.courier.street)}
          {addressField('postCode', en.courier.postCode)}
          {addressField('city', en.courier.city)}
          {addressField(
            'readyIn',
            en.courier.readyIn,
            en.courier.readyInHint(
              PREPARATION_MINUTES.min,
              PREPARATION_MINUTES.max,
              PREPARATION_MINUTES.assumed,
            ),
          )}
          <label className="field">
            <span>{en.courier.when}</span>
            <select
              name="scheduled"
              value={address.scheduled}
              aria-invalid={Boolean(errors.scheduled)}
              onChange={(e) => setAddress((a) => ({ ...a, scheduled: e.target.value }))}
            >
              <option value="">{en.courier.asap}</option>
              {address.scheduled !== '' && !slots.includes(address.scheduled) && (
                <option value={address.scheduled}>{formatClock(address.scheduled)}</option>
              )}
              {slots.map((slot) => (
                <option key={slot} value={slot}>
                  {formatClock(slot)}
                </option>
              ))}
            </select>
            {!errors.scheduled && <span className="muted field-hint">{en.courier.whenHint}</span>}
            {errors.scheduled && <span className="field-error">{errors.scheduled}</span>}
          </label>
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
              {quote.timeEstimateMinutes !== null && !quote.scheduledDropoff && (
                <span className="muted"> ({en.courier.minutes(quote.timeEstimateMinutes)})</span>
              )}
            </p>
            <p className="muted">
              {quote.scheduledDropoff
                ? en.courier.scheduledFor(formatClock(quote.scheduledDropoff))
                : en.courier.asap}
              {' · '}
              {en.courier.readyInShort(quote.preparationMinutes ?? PREPARATION_MINUTES.assumed)}
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
                {bookingField('name', en.courier.recipientName)}
                {bookingField('phone', en.courier.recipientPhone, { mode: 'tel' })}
                {bookingField('dropoffComment', en.courier.dropoffComment, {
                  long: true,
                  hint: en.courier.dropoffCommentHint,
                })}
                {check('noContact', en.courier.noContact)}
              </fieldset>
              <fieldset>
                <legend>{en.courier.parcel}</legend>
                {bookingField('description', en.courier.parcelDescription)}
                {bookingField('count', en.courier.parcelCount, { mode: 'numeric' })}
                {bookingField('orderNumber', en.courier.orderNumber, {
                  hint: en.courier.orderNumberHint(ORDER_NUMBER_SUGGESTED_CHARS),
                })}
                {check('idCheck', en.courier.idCheck)}
                {check('handshake', en.courier.handshake)}
              </fieldset>
              <details
                className="more-options"
                open={moreOpen || moreNeeded}
                onToggle={(e) => setMoreOpen(e.currentTarget.open)}
              >
                <summary>{en.courier.moreOptions}</summary>
                {bookingField('bags', en.courier.bags, { mode: 'numeric' })}
                {bookingField('pickupComment', en.courier.pickupComment, {
                  long: true,
                  hint: en.courier.pickupCommentHint,
                })}
                {bookingField('email', en.courier.recipientEmail, { mode: 'email' })}
                {bookingField('smsReceived', en.courier.smsReceived, {
                  long: true,
                  hint: en.courier.smsHint(SMS_MAX_CHARS),
                })}
                {bookingField('smsPickedUp', en.courier.smsPickedUp, {
                  long: true,
                  hint: en.courier.smsHint(SMS_MAX_CHARS),
                })}
                {bookingField('tip', en.courier.tip, { mode: 'decimal' })}
                {bookingField('cash', en.courier.cash, { mode: 'decimal' })}
              </details>
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
