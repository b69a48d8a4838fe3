import type { Ref } from 'react';

/**
 * How a footer button looks: `go` the safe thing the dialog is for, `danger` what cannot be
 * undone, `primary` a panel form's save, `quiet` the way back, `light` a secondary tool (import,
 * export, add a row).
 */
export type ActionTone = 'go' | 'danger' | 'danger-outline' | 'primary' | 'quiet' | 'light';

export type FooterAction = {
  label: string;
  tone: ActionTone;
  /** A dialog's own action is large, for a thumb mid-rush; a panel form's stays normal. */
  large?: boolean;
  /** A tool inside a list or an editor (a row's add, an import), not the form's own action. */
  small?: boolean;
  disabled?: boolean;
  /** A button that shows or hides something below it (a preview): whether it is shown. */
  expanded?: boolean;
  /** Focus starts here when the dialog opens (Dialog looks for it). */
  autofocus?: boolean;
  /** Without it the button submits its form, so Enter in a field does the same as the tap. */
  onClick?: () => void;
};

const buttonClass = (action: FooterAction): string =>
  `btn btn-${action.tone}${action.large ? ' btn-large' : ''}${action.small ? ' btn-small' : ''}`;

/**
 * The row a dialog or form ends with, written once so every footer sits and reads the same: the
 * way back first, the action staff came for last; at the right in a dialog, at the left
 * (`start`) in a panel's form. A falsy entry (an action that does not apply now) is left out.
 */
export const DialogActions = ({
  actions,
  start = false,
}: {
  actions: readonly (FooterAction | false | null | undefined)[];
  start?: boolean;
}) => (
  <div className={start ? 'dialog-actions start' : 'dialog-actions'}>
    {actions.map((action, index) =>
      action ? (
        <button
          // The row's order is fixed by its declaration, so the place is a stable key.
          key={index}
          type={action.onClick ? 'button' : 'submit'}
          className={buttonClass(action)}
          disabled={action.disabled}
          data-autofocus={action.autofocus ? '' : undefined}
          aria-expanded={action.expanded}
          onClick={action.onClick}
        >
          {action.label}
        </button>
      ) : null,
    )}
  </div>
);

/**
 * Why a form's action was refused, read out at once (alert); `what` names what failed first
 * ("Booking failed: …"). Nothing is rendered while there is no refusal.
 */
export const Refusal = ({
  text,
  what,
  ref,
}: {
  text: string | null | undefined;
  what?: string;
  ref?: Ref<HTMLParagraphElement>;
}) =>
  text ? (
    <p className="form-error" role="alert" ref={ref}>
      {what ? (
        <>
          <strong>{what}:</strong> {text}
        </>
      ) : (
        text
      )}
    </p>
  ) : null;
