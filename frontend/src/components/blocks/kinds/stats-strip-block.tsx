import { HiddenTitleSection } from '@/components/marketing/hidden-title-section';
import { StatList } from '@/components/marketing/stat-list';
import { choiceOf, listOf, textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { titleIdOf } from './block-section';

/** The section of each look: the home page's white band, or about's tinted, tighter tiles. */
const SECTION_CLASSES = { band: 'stats', tiles: 'section section--surface section--tight' } as const;

/** A row of figures under a title for screen readers only (the figures speak for themselves on screen). */
export function StatsStripBlock({ data, blockId }: BlockProps) {
  const look = choiceOf(data, 'look', ['band', 'tiles']);
  const stats = listOf(data, 'stats').map((stat) => ({ value: textOf(stat, 'value'), label: textOf(stat, 'label') }));
  return (
    <HiddenTitleSection titleId={titleIdOf(blockId)} title={textOf(data, 'title')} className={SECTION_CLASSES[look]}>
      <StatList stats={stats} look={look} />
    </HiddenTitleSection>
  );
}
