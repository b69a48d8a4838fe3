import type { ReactNode } from 'react';

/**
 * A form staff send by its button or by Enter in a field: the page never reloads, and the handler
 * runs with no event to hold on to (a handler's promise is its own to wait on). `label` names the
 * form for screen readers and tests.
 */
export const Form = ({
  onSubmit,
  label,
  className,
  role,
  noValidate,
  children,
}: {
  onSubmit: () => unknown;
  label?: string;
  className?: string;
  role?: string;
  /** Checks are ours (shown on the fields), not the browser's bubbles. */
  noValidate?: boolean;
  children: ReactNode;
}) => (
  <form
    className={className}
    aria-label={label}
    role={role}
    noValidate={noValidate}
    onSubmit={(event) => {
      event.preventDefault();
      void onSubmit();
    }}
  >
    {children}
  </form>
);
