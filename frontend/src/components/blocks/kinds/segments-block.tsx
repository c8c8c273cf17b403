import { Checklist } from '@/components/marketing/checklist';
import { imageOf, listOf, textOf, textsOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { anchorOf, BlockSection } from './block-section';
import './segments-block.css';

/**
 * Customer types (the RCM page's), each a card with a picture, who they are, their usual pain
 * points and how we solve them; pictures alternate sides on wide screens. A type's anchor is its
 * card's id (#small-startups...).
 */
export function SegmentsBlock({ data, blockId }: BlockProps) {
  return (
    <BlockSection data={data} blockId={blockId}>
      <ul className="plain-list segment-list">
        {listOf(data, 'segments').map((segment, index) => {
          const image = imageOf(segment, 'image');
          const subtitle = textOf(segment, 'subtitle');
          return (
            <li key={index} id={anchorOf(segment)} className="segment-card">
              <div className="segment-card__media">
                {image && (
                  <img
                    className="segment-card__image"
                    src={image.src}
                    alt={image.alt}
                    width={480}
                    height={300}
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </div>
              <div className="segment-card__body">
                <h3 className="segment-card__title">{textOf(segment, 'title')}</h3>
                {subtitle && <p className="card__subtitle">{subtitle}</p>}
                <p className="segment-card__description">{textOf(segment, 'description')}</p>
                <div className="segment-card__lists">
                  <div>
                    <h4 className="segment-card__list-title">Common pain points</h4>
                    <Checklist items={textsOf(segment, 'painPoints')} tone="warning" />
                  </div>
                  <div>
                    <h4 className="segment-card__list-title">How we solve them</h4>
                    <Checklist items={textsOf(segment, 'solutions')} />
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </BlockSection>
  );
}
