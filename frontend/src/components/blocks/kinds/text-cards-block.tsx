import { TitledTextList } from '@/components/marketing/titled-text-list';
import { listOf, textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { BlockSection } from './block-section';

/** A section of plain cards, three a row, each a title and a sentence (the services' models). */
export function TextCardsBlock({ data, blockId }: BlockProps) {
  const items = listOf(data, 'items').map((item) => ({ title: textOf(item, 'title'), text: textOf(item, 'text') }));
  return (
    <BlockSection data={data} blockId={blockId}>
      <TitledTextList items={items} className="card-grid card-grid--3" />
    </BlockSection>
  );
}
