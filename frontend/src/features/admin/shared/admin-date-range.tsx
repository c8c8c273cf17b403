import { AdminTextField } from './admin-text-field';

/** A first and last day (YYYY-MM-DD, or '' for open). */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * Two labelled date inputs for a day range, each bounding the other (the first day cannot be
 * after the last), so a picker never offers a range that selects nothing.
 */
export function AdminDateRange({
  id,
  labels,
  range,
  problemId,
  onChange,
}: {
  id: string;
  labels: { from: string; to: string };
  range: DayRange;
  /** The id of the message saying why the range is refused, when it is. */
  problemId?: string;
  onChange: (end: keyof DayRange, day: string) => void;
}) {
  const field = (end: keyof DayRange, bounds: { min?: string; max?: string }) => (
    <AdminTextField
      id={`${id}-${end}`}
      label={labels[end]}
      type="date"
      value={range[end]}
      {...bounds}
      invalid={problemId !== undefined}
      describedBy={problemId}
      onChange={(day) => {
        onChange(end, day);
      }}
    />
  );
  return (
    <>
      {field('from', { max: range.to || undefined })}
      {field('to', { min: range.from || undefined })}
    </>
  );
}
