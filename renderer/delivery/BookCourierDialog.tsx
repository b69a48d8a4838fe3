import { useEffect, useRef, useState } from 'react';
import type { Dispatch, SetStateAction } from 'react';
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
import { errorOf, refusalWords } from '../ui-kit/bridge';
import { useApp } from './hooks';
import { useFormSubmit } from '../ui-kit/form';
import { formatClock, formatMoney } from '../ui-kit/format';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { Dialog } from '../ui-kit/Dialog';
import { Check } from '../ui-kit/Check';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';

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

/** The offer's request from the address step; the schema calls out what is missing or wrong. */
const quoteCandidate = (address: CourierDraft['address']): DeliveryQuoteRequest => ({
  street: address.street.trim(),
  postCode: address.postCode.trim(),
  city: address.city.trim(),
  ...(address.readyIn.trim() !== '' ? { minPreparationMinutes: number(address.readyIn) } : {}),
  ...(address.scheduled !== '' ? { scheduledDropoff: address.scheduled } : {}),
});

/** Only what staff filled in is sent: a blank optional field is no field. */
const text = <K extends string>(key: K, value: string): Partial<Record<K, string>> =>
  value.trim() === '' ? {} : ({ [key]: value.trim() } as Record<K, string>);
const amount = <K extends string>(key: K, value: number | null | undefined) =>
  value === null || value === undefined ? {} : ({ [key]: value } as Record<K, number>);
const yes = <K extends string>(key: K, value: boolean) =>
  value ? ({ [key]: true } as Record<K, true>) : {};

/** The booking's request from the recipient step, for the offer `promiseId`. */
const bookCandidate = (
  promiseId: string,
  booking: CourierDraft['booking'],
  checks: CourierDraft['checks'],
): DeliveryBookRequest => ({
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
});

/** Which field an issue of the offer's request belongs to. */
const addressFieldOf = (path: PropertyKey[]): string => {
  const first = String(path[0] ?? 'street');
  return ADDRESS_PATHS[first] ?? first;
};

/** Which field an issue of the booking's request belongs to. */
const bookingFieldOf = (path: PropertyKey[]): string => {
  if (path[0] === 'recipient') return String(path[1]);
  if (path[0] === 'parcels') return String(path[2] ?? 'description');
  const first = String(path[0]);
  return BOOKING_PATHS[first] ?? first;
};

type Errors = Record<string, string>;
type FieldOptions = {
  mode?: 'decimal' | 'tel' | 'numeric' | 'email';
  hint?: string;
  long?: boolean;
};

/** One labelled text field with its hint, or its error once it has one. */
const TextField = ({
  name,
  label,
  value,
  onChange,
  error,
  options = {},
}: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  options?: FieldOptions;
}) => (
  <label className="field">
    <span>{label}</span>
    {options.long ? (
      <textarea
        name={name}
        rows={2}
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
    ) : (
      <input
        name={name}
        inputMode={options.mode}
        autoComplete="off"
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(e) => onChange(e.target.value)}
      />
    )}
    {options.hint && !error && <span className="muted field-hint">{options.hint}</span>}
    {error && <span className="field-error">{error}</span>}
  </label>
);

/** The drop-off time: as soon as possible, or a quarter hour from the slots offered. */
const ScheduleField = ({
  value,
  slots,
  error,
  onChange,
}: {
  value: string;
  slots: string[];
  error: string | undefined;
  onChange: (value: string) => void;
}) => (
  <label className="field">
    <span>{en.courier.when}</span>
    <select
      name="scheduled"
      value={value}
      aria-invalid={Boolean(error)}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{en.courier.asap}</option>
      {value !== '' && !slots.includes(value) && (
        <option value={value}>{formatClock(value)}</option>
      )}
      {slots.map((slot) => (
        <option key={slot} value={slot}>
          {formatClock(slot)}
        </option>
      ))}
    </select>
    {!error && <span className="muted field-hint">{en.courier.whenHint}</span>}
    {error && <span className="field-error">{error}</span>}
  </label>
);

/** Step one: where to, and when; submitting asks the platform for an offer. */
const AddressForm = ({
  address,
  setAddress,
  slots,
  errors,
  error,
  busy,
  onSubmit,
}: {
  address: CourierDraft['address'];
  setAddress: Dispatch<SetStateAction<CourierDraft['address']>>;
  slots: string[];
  errors: Errors;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
}) => {
  const field = (name: CourierAddressField, label: string, hint?: string) => (
    <TextField
      name={name}
      label={label}
      value={address[name]}
      onChange={(v) => setAddress((a) => ({ ...a, [name]: v }))}
      error={errors[name]}
      options={{
        ...(name === 'readyIn' ? { mode: 'numeric' as const } : {}),
        ...(hint ? { hint } : {}),
      }}
    />
  );
  return (
    <Form label={en.courier.address} onSubmit={onSubmit}>
      <p className="muted">{en.courier.addressHelp}</p>
      {field('street', en.courier.street)}
      {field('postCode', en.courier.postCode)}
      {field('city', en.courier.city)}
      {field(
        'readyIn',
        en.courier.readyIn,
        en.courier.readyInHint(
          PREPARATION_MINUTES.min,
          PREPARATION_MINUTES.max,
          PREPARATION_MINUTES.assumed,
        ),
      )}
      <ScheduleField
        value={address.scheduled}
        slots={slots}
        error={errors.scheduled}
        onChange={(v) => setAddress((a) => ({ ...a, scheduled: v }))}
      />
      <Refusal text={error} />
      <DialogActions
        actions={[
          {
            label: busy ? en.courier.gettingPromise : en.courier.getPromise,
            tone: 'go',
            large: true,
            disabled: busy,
          },
        ]}
      />
    </Form>
  );
};

/** The platform's offer: binding or why not, price, time, address as the platform read it. */
const QuoteSummary = ({ quote }: { quote: DeliveryQuote }) => (
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
        {quote.nonBindingReason ? refusalWords(quote.nonBindingReason) : null}{' '}
        {en.courier.notBindingHelp}
      </p>
    )}
    {quote.binding && quote.addressMixUpRisk && <p className="muted">{en.courier.mixUpRisk}</p>}
  </section>
);

type BookingFieldsProps = {
  booking: CourierDraft['booking'];
  setBooking: Dispatch<SetStateAction<CourierDraft['booking']>>;
  checks: CourierDraft['checks'];
  setChecks: Dispatch<SetStateAction<CourierDraft['checks']>>;
  errors: Errors;
  /** "More options" opened by staff (kept by the dialog across a change of address). */
  moreOpen: boolean;
  setMoreOpen: (open: boolean) => void;
};

/** Step two's fields: recipient, parcel, and the rest folded under "More options". */
const BookingFields = ({
  booking,
  setBooking,
  checks,
  setChecks,
  errors,
  moreOpen,
  setMoreOpen,
}: BookingFieldsProps) => {
  // A field to fix under "More options" opens it.
  const moreNeeded = Object.keys(errors).some((name) => MORE_FIELDS.has(name));
  const field = (name: CourierBookingField, label: string, options: FieldOptions = {}) => (
    <TextField
      name={name}
      label={label}
      value={booking[name]}
      onChange={(v) => setBooking((b) => ({ ...b, [name]: v }))}
      error={errors[name]}
      options={options}
    />
  );
  const check = (name: CourierCheck, label: string) => (
    <Check
      name={name}
      label={label}
      checked={checks[name]}
      onChange={(checked) => setChecks((c) => ({ ...c, [name]: checked }))}
      error={errors[name]}
    />
  );
  const sms = { long: true, hint: en.courier.smsHint(SMS_MAX_CHARS) };
  return (
    <>
      <fieldset>
        <legend>{en.courier.recipient}</legend>
        {field('name', en.courier.recipientName)}
        {field('phone', en.courier.recipientPhone, { mode: 'tel' })}
        {field('dropoffComment', en.courier.dropoffComment, {
          long: true,
          hint: en.courier.dropoffCommentHint,
        })}
        {check('noContact', en.courier.noContact)}
      </fieldset>
      <fieldset>
        <legend>{en.courier.parcel}</legend>
        {field('description', en.courier.parcelDescription)}
        {field('count', en.courier.parcelCount, { mode: 'numeric' })}
        {field('orderNumber', en.courier.orderNumber, {
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
        {field('bags', en.courier.bags, { mode: 'numeric' })}
        {field('pickupComment', en.courier.pickupComment, {
          long: true,
          hint: en.courier.pickupCommentHint,
        })}
        {field('email', en.courier.recipientEmail, { mode: 'email' })}
        {field('smsReceived', en.courier.smsReceived, sms)}
        {field('smsPickedUp', en.courier.smsPickedUp, sms)}
        {field('tip', en.courier.tip, { mode: 'decimal' })}
        {field('cash', en.courier.cash, { mode: 'decimal' })}
      </details>
    </>
  );
};

/** Step two: the offer, and for a binding one who gets what; submitting books the courier. */
const BookingForm = ({
  quote,
  error,
  busy,
  onSubmit,
  onChangeAddress,
  ...fields
}: BookingFieldsProps & {
  quote: DeliveryQuote;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
  onChangeAddress: () => void;
}) => (
  <Form
    label={en.courier.recipient}
    onSubmit={() => {
      if (quote.binding) onSubmit();
    }}
  >
    <QuoteSummary quote={quote} />
    {quote.binding && <BookingFields {...fields} />}
    <Refusal text={error} what={en.courier.bookFailed} />
    <DialogActions
      actions={[
        { label: en.courier.changeAddress, tone: 'quiet', onClick: onChangeAddress },
        quote.binding && {
          label: busy ? en.courier.booking : en.courier.confirm,
          tone: 'go',
          large: true,
          disabled: busy,
        },
      ]}
    />
  </Form>
);

/**
 * A tap outside (or Escape, or Close) must not throw away a half-filled form: whatever closes the
 * dialog, an unfinished booking is kept and comes back next time. Returns the flag to set once
 * booked (a booked form is not kept).
 */
const useKeptDraft = (draft: CourierDraft) => {
  const keepDraft = useApp((s) => s.keepCourierDraft);
  const latest = useRef<CourierDraft | null>(null);
  useEffect(() => {
    latest.current = draft;
  });
  const booked = useRef(false);
  useEffect(
    () => () => {
      const last = latest.current;
      keepDraft(!booked.current && last && isDirty(last) ? last : null);
    },
    [keepDraft],
  );
  return booked;
};

/** "Book courier": an address gets an offer (price, time, binding or why not); a binding one can be booked. */
export const BookCourierDialog = ({ prefill }: { prefill?: CourierPrefill }) => {
  const close = useApp((s) => s.openDialog);
  const quoteDelivery = useApp((s) => s.quoteDelivery);
  const bookCourier = useApp((s) => s.bookCourier);
  const setView = useApp((s) => s.setView);
  const kept = useApp((s) => s.courierDraft);
  const [start] = useState(() => startingDraft(kept, prefill));
  const [restored] = useState(() => !prefill && kept !== null && isDirty(kept));
  const [address, setAddress] = useState(start.address);
  const [booking, setBooking] = useState(start.booking);
  const [checks, setChecks] = useState(start.checks);
  const [quote, setQuote] = useState<DeliveryQuote | null>(() => stillValid(start.quote));
  const [slots] = useState(() => scheduleSlots(Date.now()));
  const [moreOpen, setMoreOpen] = useState(false);
  const { errors, error, busy, submit } = useFormSubmit();
  const booked = useKeptDraft({ address, booking, checks, quote });

  const startOver = (): void => {
    setAddress(EMPTY_DRAFT.address);
    setBooking(EMPTY_DRAFT.booking);
    setChecks(EMPTY_DRAFT.checks);
    setQuote(null);
  };

  const getQuote = (): Promise<void> => {
    const parsed = deliveryQuoteSchema.safeParse(quoteCandidate(address));
    // The hour is counted from now, not from when the time was offered.
    const late =
      parsed.success && parsed.data.scheduledDropoff
        ? scheduleProblem(parsed.data.scheduledDropoff, Date.now())
        : null;
    return submit(
      late
        ? {
            success: false,
            error: { issues: [{ path: ['scheduledDropoff'], message: refusalWords(late) }] },
          }
        : parsed,
      en.courier.fixFields,
      async (data) => {
        const result = await quoteDelivery(data);
        if (result.ok) setQuote(result.value);
        return errorOf(result);
      },
      addressFieldOf,
    );
  };

  const book = (promiseId: string): Promise<void> =>
    submit(
      deliveryBookSchema.safeParse(bookCandidate(promiseId, booking, checks)),
      en.courier.fixFields,
      async (data) => {
        const result = await bookCourier(data);
        if (!result.ok) return result.error;
        booked.current = true;
        setView('couriers');
        close(null);
        return null;
      },
      bookingFieldOf,
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
        <AddressForm
          address={address}
          setAddress={setAddress}
          slots={slots}
          errors={errors}
          error={error}
          busy={busy}
          onSubmit={() => void getQuote()}
        />
      ) : (
        <BookingForm
          quote={quote}
          booking={booking}
          setBooking={setBooking}
          checks={checks}
          setChecks={setChecks}
          errors={errors}
          moreOpen={moreOpen}
          setMoreOpen={setMoreOpen}
          error={error}
          busy={busy}
          onSubmit={() => void book(quote.promiseId)}
          onChangeAddress={() => setQuote(null)}
        />
      )}
    </Dialog>
  );
};
