import { HiddenTitleSection } from '@/components/marketing/hidden-title-section';
import { QuoteIcon } from '@/components/ui/marketing-icons';
import { textOf } from '../block-data';
import type { BlockProps } from '../block-registry';
import { titleIdOf } from './block-section';
import './testimonial-block.css';

/** The hidden title when the block has none: every block opens with an h2, shown or not. */
const DEFAULT_TITLE = 'What our clients say';

/** A client's quote, their name and role, centred on the tinted band. */
export function TestimonialBlock({ data, blockId }: BlockProps) {
  const role = textOf(data, 'role');
  return (
    <HiddenTitleSection
      titleId={titleIdOf(blockId)}
      title={textOf(data, 'title') || DEFAULT_TITLE}
      className="section testimonial"
    >
      <figure className="testimonial__figure">
        <QuoteIcon size={40} className="testimonial__mark" />
        <blockquote className="testimonial__quote">
          <p>{textOf(data, 'quote')}</p>
        </blockquote>
        <figcaption className="testimonial__caption">
          <span className="testimonial__name">{textOf(data, 'name')}</span>
          {role && <span className="testimonial__role">{role}</span>}
        </figcaption>
      </figure>
    </HiddenTitleSection>
  );
}
