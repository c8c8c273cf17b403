/**
 * The rows of a function that `returns table(...)`: the generated types (like `supabase gen
 * types`) make every column nullable, since PostgreSQL does not say otherwise. `required` names
 * the columns the function always fills; a row missing one is dropped rather than drawn broken.
 */
export function tableRows<Row extends object, Key extends keyof Row>(
  rows: Row[],
  required: readonly Key[],
): Filled<Row, Key>[] {
  return rows.filter((row): row is Filled<Row, Key> =>
    required.every((key) => row[key] !== null && row[key] !== undefined),
  );
}

/** `Row` with the columns `Key` known to be filled. */
type Filled<Row, Key extends keyof Row> = Row & { [K in Key]: NonNullable<Row[K]> };
