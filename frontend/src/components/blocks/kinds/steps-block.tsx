import { listOf, textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { BlockSection } from './block-section';
import './steps-block.css';

/** Numbered steps, each a title and a sentence, two or three a row (the RCM page's services). */
export function StepsBlock({ data, blockId }: BlockProps) {
  return (
    <BlockSection data={data} blockId={blockId}>
      <ol className="plain-list rcm-steps">
        {listOf(data, 'steps').map((step, index) => (
          <li key={index} className="rcm-steps__item">
            <span className="rcm-steps__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="card__title">{textOf(step, 'title')}</h3>
            <p className="card__text">{textOf(step, 'text')}</p>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
