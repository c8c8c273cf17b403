import type { ReactNode } from 'react';

interface AdminCheckProps {
  checked: boolean;
  /** Called with the control's new state (a radio is only ever changed to checked). */
  onChange: (checked: boolean) => void;
  type?: 'checkbox' | 'radio';
  /** The radio group's name. */
  name?: string;
  children: ReactNode;
}

/** A checkbox or radio of the admin forms, its text after it inside the label. */
export function AdminCheck({ checked, onChange, type = 'checkbox', name, children }: AdminCheckProps) {
  return (
    <label className="admin-check">
      <input
        type={type}
        name={name}
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      {children}
    </label>
  );
}

/**
 * Binds AdminCheck to a form's boolean values (as textFieldsOf binds text fields):
 * `check(key, label)` is that value's checkbox.
 */
export function checksOf<Key extends string>(
  values: Readonly<Record<Key, boolean>>,
  onChange: (key: Key, checked: boolean) => void,
) {
  return (key: Key, label: ReactNode) => (
    <AdminCheck
      checked={values[key]}
      onChange={(checked) => {
        onChange(key, checked);
      }}
    >
      {label}
    </AdminCheck>
  );
}
