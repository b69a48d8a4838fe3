import { useState } from 'react';
import { useApp } from './hooks';
import { en } from './messages';
import { Dialog } from '../ui-kit/Dialog';

type Code = keyof typeof en.reject.presets;
const CODES = Object.keys(en.reject.presets) as Code[];

export const RejectDialog = ({ orderId }: { orderId: string }) => {
  const order = useApp((s) => s.orders.find((o) => o.id === orderId));
  const takeAction = useApp((s) => s.takeAction);
  const close = useApp((s) => s.openDialog);
  const [reason, setReason] = useState('');
  const [code, setCode] = useState<Code | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!order) return null;

  const confirm = (): void => {
    if (!reason.trim()) {
      setError(en.reject.reasonRequired);
      return;
    }
    close(null);
    void takeAction('reject', {
      orderId: order.id,
      reason: reason.trim(),
      code: code ?? 'GENERIC',
    });
  };

  return (
    <Dialog title={en.reject.title(order.orderNumber)} onClose={() => close(null)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          confirm();
        }}
      >
        <div className="picker">
          {CODES.map((c, index) => (
            <button
              key={c}
              type="button"
              // A rejection starts with its reason; the destructive button is never the first stop.
              data-autofocus={index === 0 ? true : undefined}
              className={`chip chip-wide ${code === c ? 'chip-on' : ''}`}
              aria-pressed={code === c}
              onClick={() => {
                setCode(c);
                setReason(en.reject.presets[c]);
                setError(null);
              }}
            >
              {en.reject.presets[c]}
            </button>
          ))}
        </div>
        <label className="field">
          <span>{en.reject.reasonLabel}</span>
          <input
            value={reason}
            maxLength={500}
            aria-invalid={error !== null}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
        </label>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-quiet" onClick={() => close(null)}>
            {en.actions.cancel}
          </button>
          <button type="submit" className="btn btn-danger btn-large">
            {en.reject.confirm}
          </button>
        </div>
      </form>
    </Dialog>
  );
};
