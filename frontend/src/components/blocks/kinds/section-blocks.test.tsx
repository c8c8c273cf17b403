import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company } from '@/config/company';
import { renderBlock } from './block-test-render';
import { CtaBandBlock } from './cta-band-block';
import { FeatureGridBlock } from './feature-grid-block';
import { LogoStripBlock } from './logo-strip-block';
import { PageHeaderBlock } from './page-header-block';
import { PrinciplesBlock } from './principles-block';
import { ResumeInviteBlock } from './resume-invite-block';
import { StatsStripBlock } from './stats-strip-block';
import { TestimonialBlock } from './testimonial-block';

describe('section blocks', () => {
  it('feature grid: anchor ids, the column count, optional points and links of each kind', () => {
    const { container } = renderBlock(
      <FeatureGridBlock
        blockId="features"
        route="/x"
        data={{
          anchor: 'why-us',
          title: 'Why us',
          surface: true,
          columns: '4',
          cards: [
            { anchor: 'fast', icon: 'truck', title: 'Fast', text: 'Quick.', points: ['One', 'Two'] },
            { icon: 'not-an-icon', title: 'Safe', text: 'Sure.', linkLabel: 'Security', linkHref: '/security' },
            { icon: 'lock', title: 'Mail', text: 'Write.', linkLabel: 'Write to us', linkHref: 'mailto:a@b.co' },
          ],
        }}
      />,
    );
    const section = container.querySelector('section');
    expect(section?.id).toBe('why-us');
    expect(section?.className).toBe('section section--surface');
    expect(screen.getByRole('heading', { level: 2, name: 'Why us' }).id).toBe('features-title');
    expect(container.querySelector('.section__lead, .section__eyebrow')).toBeNull();
    expect(container.querySelector('ul')?.className).toBe('card-grid card-grid--4');
    const cards = screen.getAllByRole('heading', { level: 3 }).map((h) => h.closest('li'));
    expect(cards.map((card) => card?.id || null)).toEqual(['fast', null, null]);
    expect(within(cards[0] as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('href')).toBe('/security');
    expect(screen.getByRole('link', { name: 'Write to us' }).getAttribute('href')).toBe('mailto:a@b.co');
    // An unknown icon still draws one (the check mark) rather than nothing.
    expect(cards[1]?.querySelector('.card__icon svg')).not.toBeNull();
  });

  it('CTA band: the anchor names the section and its title; without one the block id does; #contact is a button', () => {
    const actions = [
      { label: 'Get Started', href: '#contact' },
      { label: 'Pricing', href: '/pricing' },
    ];
    const anchored = renderBlock(
      <CtaBandBlock blockId="b1" route="/x" data={{ anchor: 'offer', title: 'Go', actions }} />,
    );
    expect(anchored.container.querySelector('section')?.id).toBe('offer');
    expect(screen.getByRole('heading', { name: 'Go' }).id).toBe('offer-title');
    expect(screen.getByRole('button', { name: 'Get Started' }).className).toBe('button button--accent button--large');
    expect(screen.getByRole('link', { name: 'Pricing' }).className).toBe('button button--on-dark button--large');
    anchored.unmount();

    const plain = renderBlock(<CtaBandBlock blockId="b2" route="/x" data={{ title: 'Go', actions }} />);
    expect(plain.container.querySelector('section')?.hasAttribute('id')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Go' }).id).toBe('b2-title');
    expect(plain.container.querySelector('.cta-band__text')).toBeNull();
  });

  it('page header: the one h1, and its first action accented', () => {
    renderBlock(
      <PageHeaderBlock
        blockId="header"
        route="/x"
        data={{ title: 'About {company}', actions: [{ label: 'Book', href: '/contact' }] }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`About ${company.name}`);
    expect(screen.getByRole('link', { name: 'Book' }).className).toBe('button button--accent button--large');
  });

  it('stats strip: a hidden title and the look of the band or the tiles', () => {
    const stats = [{ value: '24/7', label: 'Team on call' }];
    const band = renderBlock(<StatsStripBlock blockId="stats" route="/" data={{ title: 'Numbers', stats }} />);
    expect(band.container.querySelector('section')?.className).toBe('stats');
    expect(band.container.querySelector('dl')?.className).toBe('stats__list');
    expect(screen.getByRole('heading', { name: 'Numbers' }).className).toBe('visually-hidden');
    band.unmount();
    const tiles = renderBlock(
      <StatsStripBlock blockId="s" route="/" data={{ title: 'Numbers', look: 'tiles', stats }} />,
    );
    expect(tiles.container.querySelector('section')?.className).toBe('section section--surface section--tight');
    expect(tiles.container.querySelector('dl')?.className).toBe('stat-tiles');
  });

  it('testimonial: a hidden h2 even without a title, no empty role', () => {
    const { container } = renderBlock(
      <TestimonialBlock blockId="quote" route="/" data={{ quote: 'Paid in 14 days.', name: 'Dana' }} />,
    );
    expect(screen.getByRole('heading', { level: 2 }).id).toBe('quote-title');
    expect(container.querySelector('blockquote')?.textContent).toBe('Paid in 14 days.');
    expect(container.querySelector('.testimonial__role')).toBeNull();
  });

  it('logo strip: each logo its image and alt text; no carousel without logos', () => {
    const logos = [
      { name: 'Summit', image: { src: '/images/customers/summit-home-medical.svg', alt: 'Summit Home Medical logo' } },
      { name: 'CareLine', image: { src: '/images/customers/careline-mobility.svg', alt: 'CareLine Mobility logo' } },
    ];
    const strip = renderBlock(<LogoStripBlock blockId="logos" route="/" data={{ title: 'Trusted', logos }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Trusted' }).id).toBe('logos-title');
    const region = screen.getByRole('region', { name: 'Customer logos' });
    expect(within(region).getAllByRole('group')).toHaveLength(2);
    expect(within(region).getByRole('img', { name: 'CareLine Mobility logo' }).getAttribute('src')).toBe(
      '/images/customers/careline-mobility.svg',
    );
    strip.unmount();
    renderBlock(<LogoStripBlock blockId="logos" route="/" data={{ title: 'Trusted' }} />);
    expect(screen.queryByRole('region', { name: 'Customer logos' })).toBeNull();
  });

  it('principles: both headings named from the block id, facts only when given', () => {
    const { container } = renderBlock(
      <PrinciplesBlock
        blockId="team"
        route="/about"
        data={{
          title: 'How we work',
          items: [{ title: 'Fix it upstream', text: 'At intake.' }],
          recognitionTitle: 'Top 3',
          recognitionText: '{company} placed third.',
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'How we work' }).id).toBe('team-principles-title');
    expect(screen.getByRole('heading', { name: 'Top 3' }).id).toBe('team-recognition-title');
    expect(screen.getByText(`${company.name} placed third.`)).toBeTruthy();
    expect(container.querySelector('.recognition-card__facts, .recognition-card__eyebrow')).toBeNull();
  });

  it('resume invitation: the configured company address, whatever the block says', () => {
    renderBlock(<ResumeInviteBlock blockId="openings" route="/careers" data={{ title: 'No openings' }} />);
    expect(screen.getByRole('heading', { level: 2, name: 'No openings' }).id).toBe('openings-title');
    if (company.email) {
      const link = screen.getByRole('link', { name: `Send your resume to ${company.email}` });
      expect(link.getAttribute('href')).toBe(
        `mailto:${company.email}?subject=${encodeURIComponent(`Resume: ${company.name} careers`)}`,
      );
    } else {
      expect(screen.getByRole('link', { name: 'Send us your resume' }).getAttribute('href')).toBe('/contact');
    }
  });
});
