import { ChipList } from '@/components/ui/chip-list';
import { listOf, textOf, textsOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { iconOf } from './block-icons';
import { anchorOf, BlockSection } from './block-section';
import './integration-categories-block.css';

/**
 * Categories of systems we connect to (the API page's), each a card with its icon, a sentence and
 * its systems as chips; a category's anchor is its card's id (#ehr...). A note may follow.
 */
export function IntegrationCategoriesBlock({ data, blockId }: BlockProps) {
  const note = textOf(data, 'note');
  return (
    <BlockSection data={data} blockId={blockId}>
      <ul className="card-grid">
        {listOf(data, 'categories').map((category, index) => {
          const title = textOf(category, 'title');
          const Icon = iconOf(category);
          return (
            <li key={index} id={anchorOf(category)} className="card">
              <div className="integration__heading">
                <span className="card__icon">
                  <Icon size={24} />
                </span>
                <h3 className="card__title">{title}</h3>
              </div>
              <p className="card__text">{textOf(category, 'text')}</p>
              <ChipList
                label={`${title} systems`}
                items={textsOf(category, 'systems')}
                chipClassName="integration__system"
              />
            </li>
          );
        })}
      </ul>
      {note && <p className="integration__note">{note}</p>}
    </BlockSection>
  );
}
