/** One choice of a select: the value it stands for, and the text shown. */
export type SelectOption<Value extends string | number> = readonly [value: Value, label: string];

/** Options shown as their own values (e.g. schema.org types). */
export function valueOptions<Value extends string>(values: readonly Value[]): readonly SelectOption<Value>[] {
  return values.map((value) => [value, value]);
}

export interface AdminSelectFieldProps<Value extends string | number> {
  id: string;
  label: string;
  value: Value;
  options: readonly SelectOption<Value>[];
  /** Called with the chosen option's own value, so a number stays a number and no cast is needed. */
  onChange: (value: Value) => void;
}

/** A labelled select of the admin forms and filter bars. */
export function AdminSelectField<Value extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
}: AdminSelectFieldProps<Value>) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = options.find(([option]) => String(option) === event.target.value);
          if (chosen) onChange(chosen[0]);
        }}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The selects of one form (as textFieldsOf binds its text fields): `select(key, label, options)`
 * is an AdminSelectField with the id `${idPrefix}-${key}`, showing `values[key]` and sending each
 * choice to `onChange(key, value)`. `Values` names the form's select fields, each typed as
 * narrowly as the form types it.
 */
export function selectFieldsOf<Values extends Record<string, string>>(
  idPrefix: string,
  values: Values,
  onChange: (key: keyof Values & string, value: Values[keyof Values]) => void,
) {
  return <Key extends keyof Values & string>(
    key: Key,
    label: string,
    options: readonly SelectOption<Values[Key]>[],
  ) => (
    <AdminSelectField
      id={`${idPrefix}-${key}`}
      label={label}
      value={values[key]}
      options={options}
      onChange={(value) => {
        onChange(key, value);
      }}
    />
  );
}
