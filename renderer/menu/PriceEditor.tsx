// An item's or option value's price on the menu screen: the platform's price (on discount, the
// former one struck through), "changing…" while a change waits for the platform, and a form whose
// every bad value is refused on its own field by the rule main checks too (shared/menu-price.ts).
import { useState } from 'react';
import type { MenuItemSummary, MenuOptionSummary } from '../../shared/domain';
import type { PriceTarget } from '../../shared/menu-price';
import { parseAmount, readPriceForm, type PriceFieldErrors } from '../../shared/menu-price';
import { formatMoney } from '../ui-kit/format';
import { keptText } from '../ui-kit/bridge';
import { useApp } from './hooks';
import { en } from './messages';
import { Form } from '../ui-kit/Form';
import { DialogActions, Refusal } from '../ui-kit/DialogActions';

const euros = (decimal: number): string =>
  formatMoney({ amount: Math.round(decimal * 100), currency: 'EUR' });
const minor = (amount: number): string => formatMoney({ amount, currency: 'EUR' });
const typed = (decimal: number): string => decimal.toFixed(2);

/** A percentage off (1–99, "15" or "12,5"), or null. */
const readPercent = (text: string): number | null => {
  const clean = text.replace(/[%\s]/g, '').replace(',', '.');
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(clean)) return null;
  const value = Number(clean);
  return value > 0 && value < 100 ? value : null;
};

/**
 * The platform takes discounts as a lower price only (docs/platform.md#prices-and-discounts): a
 * percentage becomes that price, in whole cents, and is shown as such before it is sent.
 */
const discountFor = (price: number, percentOff: number): number =>
  Math.round((price * (100 - percentOff)) / 100);

/** One amount field of the price form, its refusal under it. */
const AmountField = (props: {
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  onChange: (text: string) => void;
}) => (
  <label className="field">
    <span>{props.label}</span>
    <input
      inputMode="decimal"
      value={props.value}
      aria-invalid={props.error ? true : undefined}
      onChange={(e) => props.onChange(e.target.value)}
    />
    {props.hint && <span className="field-hint">{props.hint}</span>}
    {props.error && <span className="field-error">{props.error}</span>}
  </label>
);

/** An item's discount: a discounted price, or a percentage that computes it, shown as such. */
const DiscountFields = (props: {
  priceText: string;
  discountText: string;
  error: string | undefined;
  onChange: (text: string) => void;
}) => {
  const [percentText, setPercentText] = useState('');
  const percentOff = readPercent(percentText);
  const base = parseAmount(props.priceText);
  const discounted = percentOff !== null && base !== null ? discountFor(base, percentOff) : null;
  return (
    <>
      <AmountField
        label={en.menu.discountLabel}
        value={props.discountText}
        error={props.error}
        onChange={(text) => {
          props.onChange(text);
          setPercentText('');
        }}
      />
      <AmountField
        label={en.menu.discountPercentLabel}
        value={percentText}
        error={
          percentOff === null && percentText.trim() !== ''
            ? en.menu.discountPercentRange
            : undefined
        }
        hint={
          percentOff !== null && discounted !== null
            ? en.menu.discountComputed(minor(discounted), percentOff)
            : undefined
        }
        onChange={(text) => {
          setPercentText(text);
          const off = readPercent(text);
          if (off !== null && base !== null)
            props.onChange((discountFor(base, off) / 100).toFixed(2));
        }}
      />
    </>
  );
};

export const PriceEditor = ({
  target,
  entry,
  venueId,
}: {
  target: PriceTarget;
  entry: MenuItemSummary | MenuOptionSummary;
  /** The venue whose menu it is (absent: the venue set up first). */
  venueId?: string;
}) => {
  const setPrice = useApp((s) => s.setPrice);
  const original = 'originalPrice' in entry ? entry.originalPrice : null;
  const [editing, setEditing] = useState(false);
  const [priceText, setPriceText] = useState('');
  const [discountText, setDiscountText] = useState('');
  const [errors, setErrors] = useState<PriceFieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const open = (): void => {
    setPriceText(typed(original ?? entry.price));
    setDiscountText(original === null ? '' : typed(entry.price));
    setErrors({});
    setRefusal(null);
    setEditing(true);
  };
  const submit = async (): Promise<void> => {
    const read = readPriceForm(target, entry.externalData, priceText, discountText);
    if (!read.change) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    const failure = await setPrice(venueId ? { ...read.change, venueId } : read.change);
    if (failure) setRefusal(failure.message);
    else setEditing(false);
  };
  const wish = entry.priceChanging;
  return (
    <span className="price" data-testid="price">
      {original !== null && (
        <s className="price-original" aria-label={en.menu.priceWas(euros(original))}>
          {euros(original)}
        </s>
      )}{' '}
      <strong>{euros(entry.price)}</strong>
      {wish && (
        <span className="pill pill-changing" role="status" data-testid="price-changing">
          {en.menu.priceChanging(
            wish.discountedPrice === null
              ? minor(wish.price)
              : `${minor(wish.discountedPrice)} (${minor(wish.price)})`,
          )}
        </span>
      )}
      {!wish && !editing && (
        <button type="button" className="btn btn-light btn-small" onClick={open}>
          {en.menu.changePrice}
        </button>
      )}
      {editing && (
        <Form className="price-form" label={en.menu.priceFormFor(entry.name)} onSubmit={submit}>
          <AmountField
            label={en.menu.priceLabel}
            value={priceText}
            error={errors.price && keptText(errors.price)}
            onChange={setPriceText}
          />
          {target === 'item' && (
            <DiscountFields
              priceText={priceText}
              discountText={discountText}
              error={errors.discountedPrice && keptText(errors.discountedPrice)}
              onChange={setDiscountText}
            />
          )}
          <Refusal text={refusal} />
          <DialogActions
            actions={[
              { label: en.menu.cancelPrice, tone: 'quiet', onClick: () => setEditing(false) },
              { label: en.menu.savePrice, tone: 'go' },
            ]}
          />
        </Form>
      )}
    </span>
  );
};
