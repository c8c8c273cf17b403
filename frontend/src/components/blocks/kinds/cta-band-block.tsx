import { actionsOf, textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { BlockActionLink } from './block-action';
import { anchorOf } from './block-section';

/**
 * The closing navy band (components/marketing/cta-band.tsx, whose markup it keeps): a title, a
 * sentence and up to three actions, the first accented. Its anchor is the section's id and names
 * the title (`${anchor}-title`, as CtaBand's id did: #home-cta, #services-demo...); without one,
 * the title's id is `${blockId}-title`.
 */
export function CtaBandBlock({ data, blockId }: BlockProps) {
  const anchor = anchorOf(data);
  const titleId = `${anchor ?? blockId}-title`;
  const text = textOf(data, 'text');
  return (
    <section className="cta-band" id={anchor} aria-labelledby={titleId}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={titleId} className="cta-band__title">
            {textOf(data, 'title')}
          </h2>
          {text && <p className="cta-band__text">{text}</p>}
        </div>
        <div className="cta-band__actions">
          {actionsOf(data).map((action, index) => (
            <BlockActionLink
              key={index}
              action={action}
              className={index === 0 ? 'button button--accent button--large' : 'button button--on-dark button--large'}
            />
          ))}
        </div>
      </div>
    </section>
  );
}
