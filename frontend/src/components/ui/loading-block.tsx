/** A centred spinner that screen readers announce as `label` (a list still loading). */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="spinner-block" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
