/**
 * The staff PIN, typed on the number pad and never shown or remembered by the browser. Every PIN
 * on a staff screen is this one.
 */
export const PinField = ({
  label,
  value,
  onChange,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
}) => (
  <label className="field">
    {label}
    <input
      name={name}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  </label>
);
