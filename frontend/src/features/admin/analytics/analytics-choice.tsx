import { useId } from 'react';

interface AnalyticsChoiceProps<T extends string> {
  legend: string;
  /** Each choice's value and visible name, in order. */
  options: ReadonlyArray<readonly [T, string]>;
  value: T;
  onChange: (value: T) => void;
}

/** A small set of radio buttons shown side by side (e.g. Day / Week); the arrow keys move between them. */
export function AnalyticsChoice<T extends string>({ legend, options, value, onChange }: AnalyticsChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset className="analytics-choice">
      <legend>{legend}</legend>
      <div className="analytics-choice__options">
        {options.map(([option, label]) => (
          <label key={option} className="analytics-choice__option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={option === value}
              onChange={() => {
                onChange(option);
              }}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
