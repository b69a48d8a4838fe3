import { useState } from 'react';
import { useApp } from '../app-context';
import { en } from '../i18n/en';
import { Dialog } from './Dialog';

export const PREP_TIMES = [5, 10, 15, 20, 25, 30, 45, 60] as const;
const DEFAULT_PREP = 15;

export const AcceptDialog = ({ orderId }: { orderId: string }) => {
  const order = useApp((s) => s.orders.find((o) => o.id === orderId));
  const accept = useApp((s) => s.accept);
  const close = useApp((s) => s.openDialog);
  const [minutes, setMinutes] = useState<number | null>(DEFAULT_PREP);
  if (!order) return null;

  const label = minutes === null ? en.accept.platformEstimate : en.accept.minutes(minutes);
  const confirm = (): void => {
    close(null);
    void accept(order.id, minutes);
  };

  return (
    <Dialog title={en.accept.title(order.orderNumber)} onClose={() => close(null)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <fieldset className="picker">
          <legend>{en.accept.prepTime}</legend>
          {PREP_TIMES.map((m) => (
            <button
              key={m}
              type="button"
              className={`chip ${minutes === m ? 'chip-on' : ''}`}
              aria-pressed={minutes === m}
              onClick={() => setMinutes(m)}
            >
              {en.accept.minutes(m)}
            </button>
          ))}
          <button
            type="button"
            className={`chip chip-wide ${minutes === null ? 'chip-on' : ''}`}
            aria-pressed={minutes === null}
            onClick={() => setMinutes(null)}
          >
            {en.accept.platformEstimate}
          </button>
        </fieldset>
        <div className="dialog-actions">
          <button type="button" className="btn btn-quiet" onClick={() => close(null)}>
            {en.actions.cancel}
          </button>
          <button type="submit" className="btn btn-go btn-large" data-autofocus>
            {en.accept.confirm(label)}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
