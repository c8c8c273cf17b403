import { HiddenTitleSection } from '@/components/marketing/hidden-title-section';

const STATS = [
  { value: '500+', label: 'Organizations served' },
  { value: '$2.5B+', label: 'Claims processed annually' },
  { value: '99.8%', label: 'Customer satisfaction' },
] as const;

export function HomeStats() {
  return (
    <HiddenTitleSection titleId="stats-title" title="ClaimBridge by the numbers" className="stats">
      <dl className="stats__list">
        {STATS.map((stat) => (
          <div key={stat.label} className="stats__item">
            <dt className="stats__label">{stat.label}</dt>
            <dd className="stats__value">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </HiddenTitleSection>
  );
}
