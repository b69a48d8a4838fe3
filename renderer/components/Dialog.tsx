import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { en } from '../i18n/en';

/** A modal panel: focus moves in, Escape closes, the backdrop closes on tap. */
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
  useEffect(() => {
    const first = panel.current?.querySelector<HTMLElement>(
      '[data-autofocus], button, input, textarea',
    );
    first?.focus();
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
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <header className="dialog-head">
          <h2>{title}</h2>
          <button type="button" className="btn btn-quiet btn-small" onClick={onClose}>
            {en.actions.close}
          </button>
        </header>
        {children}
      </div>
    </div>
  );
};
