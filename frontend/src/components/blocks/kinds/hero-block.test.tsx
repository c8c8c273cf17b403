import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company } from '@/config/company';
import { renderBlock } from './block-test-render';
import { HeroBlock } from './hero-block';

describe('HeroBlock', () => {
  it('holds the page h1 (named by the block id), the company name, and its picture without layout shift', () => {
    const { container } = renderBlock(
      <HeroBlock
        blockId="webinar"
        route="/webinar"
        data={{
          heading: 'Meet {company} at Medtrade',
          visual: 'image',
          image: { src: '/images/rcm/small-startups.svg', alt: 'Our booth' },
        }}
      />,
    );
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(`Meet ${company.name} at Medtrade`);
    expect(heading.id).toBe('webinar-title');
    expect(container.querySelector('section')?.getAttribute('aria-labelledby')).toBe('webinar-title');
    const image = screen.getByRole('img', { name: 'Our booth' });
    expect(image.getAttribute('loading')).toBeNull();
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['560', '420']);
    // No eyebrow, lead, points or actions given: none rendered.
    expect(container.querySelector('.hero__eyebrow, .hero__lead, .hero__points, .hero__actions')).toBeNull();
  });

  it('shows the image only when the picture is "image", and the claim illustration when chosen', () => {
    const image = { src: '/images/a.svg', alt: 'A' };
    const plain = renderBlock(<HeroBlock blockId="hero" route="/" data={{ heading: 'H', image }} />);
    expect(plain.container.querySelector('.hero__visual')).toBeNull();
    plain.unmount();
    const { container } = renderBlock(
      <HeroBlock blockId="hero" route="/" data={{ heading: 'H', image, visual: 'claim-timeline' }} />,
    );
    expect(container.querySelector('.hero__visual .claim-timeline')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('makes the first action primary and the second a secondary one with an arrow; #contact opens the dialog', () => {
    const { contactDialog } = renderBlock(
      <HeroBlock
        blockId="hero"
        route="/offer"
        data={{
          heading: 'H',
          visual: 'claim-timeline',
          actions: [
            { label: 'Talk to us', href: '#contact' },
            { label: 'Read the guide', href: 'https://example.com/guide' },
          ],
        }}
      />,
    );
    const talk = screen.getByRole('button', { name: 'Talk to us' });
    expect(talk.className).toBe('button button--primary button--large');
    fireEvent.click(talk);
    expect(contactDialog.open).toHaveBeenCalledTimes(1);
    const guide = screen.getByRole('link', { name: 'Read the guide' });
    expect(guide.getAttribute('href')).toBe('https://example.com/guide');
    expect(guide.className).toBe('button button--secondary button--large');
    expect(guide.querySelector('svg')).not.toBeNull();
  });
});
