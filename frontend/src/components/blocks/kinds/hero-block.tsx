import { ArrowRightIcon, CheckCircleIcon } from '@/components/ui/icons';
import { actionsOf, choiceOf, imageOf, textOf, textsOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { BlockActionLink } from './block-action';
import { titleIdOf } from './block-section';
import { ClaimTimelineIllustration } from './claim-timeline-illustration';
import './hero-block.css';

/** The looks of a hero's two actions: the first is the primary one, the second quieter with an arrow. */
const ACTION_CLASSES = ['button button--primary button--large', 'button button--secondary button--large'] as const;

/**
 * A page's opening (the home page's hero, styles/home.css): eyebrow, the page's one h1, a lead,
 * checked points, up to two actions, and beside them an image or the claim illustration. The
 * h1's id is `${blockId}-title` (the home page's block is `hero`: `hero-title`).
 */
export function HeroBlock({ data, blockId }: BlockProps) {
  const titleId = titleIdOf(blockId);
  const eyebrow = textOf(data, 'eyebrow');
  const text = textOf(data, 'text');
  const points = textsOf(data, 'points');
  const actions = actionsOf(data).slice(0, ACTION_CLASSES.length);
  const visual = choiceOf(data, 'visual', ['none', 'image', 'claim-timeline']);
  const image = visual === 'image' ? imageOf(data, 'image') : null;

  return (
    <section className="hero" aria-labelledby={titleId}>
      <div className="container hero__grid">
        <div className="hero__copy">
          {eyebrow && <p className="hero__eyebrow">{eyebrow}</p>}
          <h1 id={titleId} className="hero__title">
            {textOf(data, 'heading')}
          </h1>
          {text && <p className="hero__lead">{text}</p>}
          {points.length > 0 && (
            <ul className="plain-list hero__points">
              {points.map((point, index) => (
                <li key={index}>
                  <CheckCircleIcon size={22} className="hero__point-icon" />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          )}
          {actions.length > 0 && (
            <div className="hero__actions">
              {actions.map((action, index) => (
                <BlockActionLink key={index} action={action} className={ACTION_CLASSES[index === 0 ? 0 : 1]}>
                  {index > 0 && <ArrowRightIcon size={18} />}
                </BlockActionLink>
              ))}
            </div>
          )}
        </div>
        {visual === 'claim-timeline' && (
          <div className="hero__visual">
            <ClaimTimelineIllustration />
          </div>
        )}
        {image && (
          <div className="hero__visual">
            {/* Likely the page's largest paint: loaded at once, never lazily; its box is fixed (4:3). */}
            <img
              className="hero__image"
              src={image.src}
              alt={image.alt}
              width={560}
              height={420}
              fetchPriority="high"
              decoding="async"
            />
          </div>
        )}
      </div>
    </section>
  );
}
