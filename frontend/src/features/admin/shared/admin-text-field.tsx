import type { HTMLAttributes, ReactNode } from 'react';

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
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The id of a <datalist> of suggestions. */
  list?: string;
  /** Bounds of a date input (YYYY-MM-DD). */
  min?: string;
  max?: string;
  invalid?: boolean;
  describedBy?: string;
  /** Shown under the control: a counter, a hint, an error. */
  children?: ReactNode;
}

/** A labelled text input or textarea of the admin forms ('*' after the label when required). */
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
  inputMode,
  list,
  min,
  max,
  invalid,
  describedBy,
  children,
}: AdminTextFieldProps) {
  const props = {
    id,
    value,
    required,
    placeholder,
    maxLength,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
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
          inputMode={inputMode}
          list={list}
          min={min}
          max={max}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
      )}
      {children}
    </div>
  );
}
