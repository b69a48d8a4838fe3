import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { en } from './messages';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIELDS = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

const focusables = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));

/**
 * Where focus starts: the element the dialog marks (its primary action), else its first field,
 * else its first button below the title; Close only when there is nothing else. Enter right
 * after opening then does what the dialog is for, never dismisses it.
 */
const initialFocus = (panel: HTMLElement): HTMLElement | null => {
  const body = panel.querySelector<HTMLElement>('.dialog-body');
  return (
    panel.querySelector<HTMLElement>('[data-autofocus]') ??
    body?.querySelector<HTMLElement>(FIELDS) ??
    (body ? focusables(body)[0] : undefined) ??
    focusables(panel)[0] ??
    null
  );
};

/** Where focus goes back to: the opener, or its order's card if the opener went away. */
const returnTarget = (opener: HTMLElement | null, orderId: string | null): HTMLElement | null => {
  if (opener && opener.isConnected && opener !== document.body) return opener;
  const card = orderId
    ? document.querySelector<HTMLElement>(`.card[data-order-id=${JSON.stringify(orderId)}]`)
    : null;
  return card ?? document.querySelector<HTMLElement>('.card-selected');
};

/**
 * A modal panel: focus starts on its primary action and stays inside, Escape closes from
 * anywhere, the backdrop closes on tap, and focus returns to whatever opened it.
 */
export const Dialog = ({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) => {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const orderId = opener?.closest<HTMLElement>('[data-order-id]')?.dataset.orderId ?? null;
    initialFocus(root)?.focus();

    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(root);
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && root.contains(active);
      if (event.shiftKey && (active === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // A tap on the backdrop or the page behind must not leave focus outside the dialog.
    const onFocusIn = (event: FocusEvent): void => {
      if (event.target instanceof Node && !root.contains(event.target)) initialFocus(root)?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocusIn);
      returnTarget(opener, orderId)?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div className="backdrop" onClick={onClose}>
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        onClick={(e) => e.stopPropagation()}
      >
        <header className="dialog-head">
          <h2>{title}</h2>
          <button type="button" className="btn btn-quiet btn-small" onClick={onClose}>
            {en.actions.close}
          </button>
        </header>
        <div className="dialog-body">{children}</div>
      </div>
    </div>
  );
};
