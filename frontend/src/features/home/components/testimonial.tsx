import { QuoteIcon } from '@/components/ui/marketing-icons';
import { HiddenTitleSection } from '@/components/marketing/hidden-title-section';

export const TESTIMONIAL = {
  quote:
    'Our CPAP resupply claims used to sit for a week waiting on paperwork. Now they go out the day the order ships. In two quarters our denial rate fell from 14% to 5% and days in A/R went from 61 to 33.',
  name: 'Dana Whitfield',
  role: 'Director of Billing, Summit Home Medical',
} as const;

export function Testimonial() {
  return (
    <HiddenTitleSection titleId="testimonial-title" title="What our clients say" className="section testimonial">
      <figure className="testimonial__figure">
        <QuoteIcon size={40} className="testimonial__mark" />
        <blockquote className="testimonial__quote">
          <p>{TESTIMONIAL.quote}</p>
        </blockquote>
        <figcaption className="testimonial__caption">
          <span className="testimonial__name">{TESTIMONIAL.name}</span>
          <span className="testimonial__role">{TESTIMONIAL.role}</span>
        </figcaption>
      </figure>
    </HiddenTitleSection>
  );
}
