// An item's or option value's price on the menu screen: the platform's price (on discount, the
// former one struck through), "changing…" while a change waits for the platform, and a form whose
// every bad value is refused on its own field by the rule main checks too (shared/menu-price.ts).
import { useState } from 'react';
import type { MenuItemSummary, MenuOptionSummary } from '../../shared/domain';
import type { PriceTarget } from '../../shared/menu-price';
import { readPriceForm, type PriceFieldErrors } from '../../shared/menu-price';
import { formatMoney } from '../../shared/money';
import { useApp } from './hooks';
import { en } from './messages';

const euros = (decimal: number): string =>
  formatMoney({ amount: Math.round(decimal * 100), currency: 'EUR' });
const minor = (amount: number): string => formatMoney({ amount, currency: 'EUR' });
const typed = (decimal: number): string => decimal.toFixed(2);

export const PriceEditor = ({
  target,
  entry,
}: {
  target: PriceTarget;
  entry: MenuItemSummary | MenuOptionSummary;
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
    const failure = await setPrice(read.change);
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
        <form
          className="price-form"
          aria-label={en.menu.priceFormFor(entry.name)}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label className="field">
            <span>{en.menu.priceLabel}</span>
            <input
              inputMode="decimal"
              value={priceText}
              aria-invalid={errors.price ? true : undefined}
              onChange={(e) => setPriceText(e.target.value)}
            />
            {errors.price && <span className="field-error">{errors.price}</span>}
          </label>
          {target === 'item' && (
            <label className="field">
              <span>{en.menu.discountLabel}</span>
              <input
                inputMode="decimal"
                value={discountText}
                aria-invalid={errors.discountedPrice ? true : undefined}
                onChange={(e) => setDiscountText(e.target.value)}
              />
              {errors.discountedPrice && (
                <span className="field-error">{errors.discountedPrice}</span>
              )}
            </label>
          )}
          {refusal && (
            <p className="form-error" role="alert">
              {refusal}
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-quiet" onClick={() => setEditing(false)}>
              {en.menu.cancelPrice}
            </button>
            <button type="submit" className="btn btn-go">
              {en.menu.savePrice}
            </button>
          </div>
        </form>
      )}
    </span>
  );
};
