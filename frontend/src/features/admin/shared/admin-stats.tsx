/** Headline figures, a card each: what is counted, and its value. */
export function AdminStats({ stats, className }: { stats: readonly [string, string][]; className?: string }) {
  return (
    <dl className={className ? `admin-stats ${className}` : 'admin-stats'}>
      {stats.map(([term, value]) => (
        <div key={term} className="admin-card">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
