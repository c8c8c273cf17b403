import { TitledTextList } from '@/components/marketing/titled-text-list';
import { AwardIcon } from '@/components/ui/marketing-icons';
import { listOf, textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import './principles-block.css';

/**
 * How we work beside a navy recognition card with its facts (the about page's). Two headings,
 * so two ids from the block's id: `${blockId}-principles-title` and `${blockId}-recognition-title`
 * (the about page's block is `about`: about-principles-title, about-recognition-title).
 */
export function PrinciplesBlock({ data, blockId }: BlockProps) {
  const titleId = `${blockId}-principles-title`;
  const recognitionId = `${blockId}-recognition-title`;
  const lead = textOf(data, 'lead');
  const eyebrow = textOf(data, 'recognitionEyebrow');
  const items = listOf(data, 'items').map((item) => ({ title: textOf(item, 'title'), text: textOf(item, 'text') }));
  const facts = listOf(data, 'facts');
  return (
    <section className="section" aria-labelledby={titleId}>
      <div className="container two-column">
        <div>
          <div className="section__header">
            <h2 id={titleId} className="section__title">
              {textOf(data, 'title')}
            </h2>
            {lead && <p className="section__lead">{lead}</p>}
          </div>
          <TitledTextList items={items} className="plain-list about-principles" />
        </div>

        <article className="recognition-card" aria-labelledby={recognitionId}>
          <span className="recognition-card__icon">
            <AwardIcon size={28} />
          </span>
          {eyebrow && <p className="recognition-card__eyebrow">{eyebrow}</p>}
          <h2 id={recognitionId} className="recognition-card__title">
            {textOf(data, 'recognitionTitle')}
          </h2>
          <p>{textOf(data, 'recognitionText')}</p>
          {facts.length > 0 && (
            <dl className="recognition-card__facts">
              {facts.map((fact, index) => (
                <div key={index}>
                  <dt>{textOf(fact, 'label')}</dt>
                  <dd>{textOf(fact, 'value')}</dd>
                </div>
              ))}
            </dl>
          )}
        </article>
      </div>
    </section>
  );
}
