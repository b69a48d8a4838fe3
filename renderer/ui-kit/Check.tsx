/**
 * A yes/no choice staff tap: the whole line (box and words) is the target, the box a thumb's
 * size. Every checkbox on a staff screen is this one, so they all look and answer alike.
 */
export const Check = ({
  label,
  checked,
  onChange,
  name,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
  /** Why the choice is refused (e.g. a confirmation a booking needs), under the words. */
  error?: string;
}) => (
  <label className="check">
    <input
      type="checkbox"
      name={name}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
    {label}
    {error && <span className="field-error">{error}</span>}
  </label>
);
