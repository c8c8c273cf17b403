import type { HTMLAttributes } from 'react';
import { Counter } from './counter';

export interface AdminTextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  /** A three-row textarea instead of a one-line input. */
  multiline?: boolean;
  type?: string;
  placeholder?: string;
  maxLength?: number;
  minLength?: number;
  /** The browser's autofill hint (email, current-password, new-password, one-time-code...). */
  autoComplete?: string;
  /** A pattern the value must match (inputs only). */
  pattern?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The id of a <datalist> of suggestions. */
  list?: string;
  /** Bounds of a date input (YYYY-MM-DD). */
  min?: string;
  max?: string;
  /** A "length/max" counter of the value under the control, with the recommended range if any. */
  counter?: { max: number; recommended?: readonly [number, number] };
  /** A line of help under the control. */
  hint?: string;
  /** Why the value is refused, under the control (marks it invalid). */
  error?: string;
  /** Marks the control invalid for a message shown elsewhere (named by `describedBy`). */
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A labelled text input or textarea of the admin forms ('*' after the label when required),
 * with its counter, hint and error under it, each named by the control's aria-describedby.
 */
export function AdminTextField({
  id,
  label,
  value,
  onChange,
  required,
  multiline,
  type = 'text',
  placeholder,
  maxLength,
  minLength,
  autoComplete,
  pattern,
  inputMode,
  list,
  min,
  max,
  counter,
  hint,
  error,
  invalid,
  describedBy,
}: AdminTextFieldProps) {
  const notes = [counter && `${id}-counter`, hint && `${id}-hint`, error && `${id}-error`, describedBy];
  const props = {
    id,
    value,
    required,
    placeholder,
    maxLength,
    minLength,
    autoComplete,
    'aria-invalid': Boolean(error) || invalid || undefined,
    'aria-describedby': notes.filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className="admin-field">
      <label htmlFor={id}>
        {label}
        {required && ' *'}
      </label>
      {multiline ? (
        <textarea
          {...props}
          rows={3}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      ) : (
        <input
          {...props}
          type={type}
          pattern={pattern}
          inputMode={inputMode}
          list={list}
          min={min}
          max={max}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
      {counter && <Counter id={`${id}-counter`} text={value} max={counter.max} recommended={counter.recommended} />}
      {hint && (
        <p id={`${id}-hint`} className="admin-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-error admin-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a bound field takes besides its key and label (the rest comes from the form). */
export type BoundTextFieldProps = Omit<AdminTextFieldProps, 'id' | 'label' | 'value' | 'onChange'>;

/**
 * The text fields of one form: `field(key, label, props)` is an AdminTextField with the id
 * `${idPrefix}-${key}`, showing `values[key]` and sending each change to `onChange(key, value)`.
 */
export function textFieldsOf<Key extends string>(
  idPrefix: string,
  values: Readonly<Record<Key, string>>,
  onChange: (key: Key, value: string) => void,
) {
  return (key: Key, label: string, props: BoundTextFieldProps = {}) => (
    <AdminTextField
      id={`${idPrefix}-${key}`}
      label={label}
      value={values[key]}
      onChange={(value) => {
        onChange(key, value);
      }}
      {...props}
    />
  );
}
