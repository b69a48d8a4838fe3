import { useEffect, useState } from 'react';
import { useSettingsVenue } from '../ui-kit/SettingsVenuePicker';
import { useApp, useNow, usePlatformOffset } from './hooks';
import { unclaimedTakeaways } from './board';
import { useUnclaimedAfterOf } from './TimingBanners';
import { DEFAULT_ORDER_SETTINGS } from '../../shared/order-timing';
import type { OrderSettings } from '../../shared/order-timing';
import { en } from './messages';
import { Refusal } from '../ui-kit/DialogActions';

/**
 * The end-of-shift view: takeaway orders left READY and never marked handed over, which the
 * platform will not collect payment for until they are.
 */
export const ShiftSummary = () => {
  const orders = useApp((s) => s.orders);
  const after = useApp(
    (s) => s.orderSettings?.unclaimedAfterMinutes ?? DEFAULT_ORDER_SETTINGS.unclaimedAfterMinutes,
  );
  const now = useNow(15_000) + usePlatformOffset();
  const afterOf = useUnclaimedAfterOf();
  const unclaimed = unclaimedTakeaways(orders, now, afterOf);
  return (
    <section className="panel-section shift-summary" aria-label={en.shift.title}>
      <h2>{en.shift.title}</h2>
      <p
        className={unclaimed.length > 0 ? 'card-unclaimed-note' : 'muted'}
        data-testid="unclaimed-count"
      >
        {en.shift.unclaimed(unclaimed.length, after)}
      </p>
      {unclaimed.length > 0 && (
        <p>{unclaimed.map((o) => en.order.number(o.orderNumber)).join(', ')}</p>
      )}
    </section>
  );
};

/**
 * A venue's order settings: auto-accept (off by default), its size limit, the reminder. On a
 * terminal of several venues, those of the venue the settings page's picker shows.
 */
export const OrderSettingsSection = () => {
  const venueId = useSettingsVenue();
  // Each venue's own form: the numbers typed for one venue never stay in another's.
  return <VenueOrderSettings key={venueId ?? ''} venueId={venueId} />;
};

const VenueOrderSettings = ({ venueId }: { venueId: string | undefined }) => {
  const settings = useApp((s) => (venueId ? s.orderSettingsOf[venueId] : s.orderSettings));
  const configure = useApp((s) => s.configureOrders);
  const load = useApp((s) => s.loadOrderSettings);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (venueId) void load(venueId).then((failed) => setError(failed ? failed.message : null));
  }, [venueId, load]);
  if (!settings)
    return error ? (
      <p className="field-error" role="alert">
        {error}
      </p>
    ) : null;
  const save = async (changes: Partial<OrderSettings>): Promise<void> => {
    const failed = await configure(changes, venueId);
    setError(failed ? failed.message : null);
  };
  const number = (key: 'autoAcceptMaxItems' | 'unclaimedAfterMinutes', label: string) => (
    <SettingNumber
      label={label}
      max={key === 'autoAcceptMaxItems' ? 100 : 120}
      value={settings[key]}
      save={(value) => save({ [key]: value })}
    />
  );
  return (
    <section className="panel-section" aria-label={en.orderSettings.title}>
      <h2>{en.orderSettings.title}</h2>
      <label className="field field-check">
        <input
          type="checkbox"
          checked={settings.autoAccept}
          onChange={(e) => void save({ autoAccept: e.currentTarget.checked })}
        />
        <span>{en.orderSettings.autoAccept}</span>
      </label>
      <p className="muted">{en.orderSettings.autoAcceptHelp}</p>
      {number('autoAcceptMaxItems', en.orderSettings.maxItems)}
      {number('unclaimedAfterMinutes', en.orderSettings.unclaimedAfter)}
      <Refusal text={error} />
    </section>
  );
};

/**
 * A number of the venue's settings. It shows the value in force here, which another terminal of
 * the venue (or another window of this one) may change while the page is open; the field staff
 * are typing in stays theirs (the change from elsewhere is named under it, with where it was made) and is saved when they leave it, if it differs.
 */
const SettingNumber = ({
  label,
  max,
  value,
  save,
}: {
  label: string;
  max: number;
  value: number;
  save: (value: number) => Promise<void>;
}) => {
  // What staff type, and the value in force when they began; null while the field is not theirs.
  const [typing, setTyping] = useState<{ text: string; from: number } | null>(null);
  const by = useApp((s) => s.orderSettingsChangedBy);
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="number"
        min={1}
        max={max}
        value={typing ? typing.text : String(value)}
        onFocus={(e) => setTyping({ text: e.currentTarget.value, from: value })}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setTyping((t) => ({ text, from: t?.from ?? value }));
        }}
        onBlur={(e) => {
          const typed = Number(e.currentTarget.value);
          if (!Number.isInteger(typed) || typed === value || e.currentTarget.value === '') {
            setTyping(null);
            return;
          }
          // Shown as typed until the save answers: the field never flashes the old value.
          void save(typed).finally(() => setTyping(null));
        }}
      />
      {/* Its own save told back (or a change to what staff typed) is no change to name. */}
      {typing && typing.from !== value && typing.text !== String(value) && (
        <span className="muted" role="status">
          {by === 'this-terminal'
            ? en.orderSettings.changedInAnotherWindow(value)
            : en.orderSettings.changedElsewhere(value)}
        </span>
      )}
    </label>
  );
};
