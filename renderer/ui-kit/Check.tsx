/**
 * A yes/no choice staff tap: the whole line (box and words) is the target, the box a thumb's
 * size. Every checkbox on a staff screen is this one, so they all look and answer alike.
 */
export const Check = ({
  label,
  checked,
  onChange,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
}) => (
  <label className="check">
    <input
      type="checkbox"
      name={name}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
    {label}
  </label>
);
