/** A labelled whole number between `min` and `max`, kept as typed until the form is sent. */
export function NumberField({
  label,
  name,
  min,
  max,
  value,
  onValue,
  disabled = false,
}: {
  label: string;
  name: string;
  min: number;
  max: number;
  value: string;
  onValue: (value: string) => void;
  disabled?: boolean;
}) {
  return (
    <label>
      {label}
      <input
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        required={!disabled}
        disabled={disabled}
        value={value}
        onInput={(event) => onValue(event.currentTarget.value)}
      />
    </label>
  );
}
