import { HiddenTitleSection } from '@/components/marketing/hidden-title-section';
import { StatList } from '@/components/marketing/stat-list';

const STATS = [
  { value: '500+', label: 'Organizations served' },
  { value: '$2.5B+', label: 'Claims processed annually' },
  { value: '99.8%', label: 'Customer satisfaction' },
] as const;

export function HomeStats() {
  return (
    <HiddenTitleSection titleId="stats-title" title="ClaimBridge by the numbers" className="stats">
      <StatList stats={STATS} look="band" />
    </HiddenTitleSection>
  );
}
