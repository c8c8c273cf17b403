import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company } from '@/config/company';
import type { BlockData } from '../block-schema';
import { FaqBlock, faqPageJsonLd } from './faq-block';

const DATA: BlockData = {
  anchor: 'resupply-faq',
  eyebrow: 'CPAP resupply',
  title: 'Questions suppliers ask us about resupply billing',
  lead: 'What changes when {company} runs your resupply claims.',
  surface: true,
  items: [
    {
      question: 'How often can we bill CPAP masks and cushions?',
      answer:
        'Medicare allows a full face mask every 3 months and cushions monthly.\n\nWe check each order against the replacement schedule before it is billed.',
    },
    {
      question: 'Do you handle the face-to-face and usage documentation?',
      answer: 'Yes. {company} tracks the 90-day compliance download and flags any order without it.',
    },
  ],
};

function jsonLdOf(container: HTMLElement): unknown {
  const script = container.querySelector('script[type="application/ld+json"]');
  return JSON.parse(script?.textContent ?? 'null');
}

describe('FaqBlock', () => {
  it('renders a labelled section: the title as h2, each question as an h3 inside a disclosure', () => {
    const { container } = render(<FaqBlock data={DATA} blockId="faq-1" route="/cpap-resupply" />);

    const section = screen.getByRole('region', { name: 'Questions suppliers ask us about resupply billing' });
    expect(section.id).toBe('resupply-faq');
    expect(section.className).toContain('section--surface');
    expect(screen.getByText('CPAP resupply').className).toBe('section__eyebrow');
    expect(screen.getByText(`What changes when ${company.name} runs your resupply claims.`)).toBeTruthy();

    const questions = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(questions).toEqual([
      'How often can we bill CPAP masks and cushions?',
      'Do you handle the face-to-face and usage documentation?',
    ]);
    const details = container.querySelectorAll('details');
    expect(details).toHaveLength(2);
    for (const item of Array.from(details)) {
      expect(item.querySelector(':scope > summary h3')).toBeTruthy();
      expect(item.open).toBe(false);
    }
    // A blank line in an answer starts a new paragraph; every answer is in the markup, closed or not.
    expect(details[0]?.querySelectorAll('p')).toHaveLength(2);
    expect(details[1]?.textContent).toContain(`Yes. ${company.name} tracks the 90-day compliance download`);
  });

  it('gives search engines the same questions and answers as FAQPage JSON-LD', () => {
    const { container } = render(<FaqBlock data={DATA} blockId="faq-1" route="/cpap-resupply" />);
    expect(jsonLdOf(container)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'How often can we bill CPAP masks and cushions?',
          acceptedAnswer: {
            '@type': 'Answer',
            text: 'Medicare allows a full face mask every 3 months and cushions monthly.\n\nWe check each order against the replacement schedule before it is billed.',
          },
        },
        {
          '@type': 'Question',
          name: 'Do you handle the face-to-face and usage documentation?',
          acceptedAnswer: {
            '@type': 'Answer',
            text: `Yes. ${company.name} tracks the 90-day compliance download and flags any order without it.`,
          },
        },
      ],
    });
  });

  it('escapes "<" in the JSON-LD, so an answer cannot close the script or open markup', () => {
    const hostile: BlockData = {
      title: 'Billing questions',
      items: [
        {
          question: 'Is <b>bold</b> allowed?',
          answer: 'No: </script><script>alert("x")</script><!-- is only text.',
        },
      ],
    };
    const { container } = render(<FaqBlock data={hostile} blockId="faq-2" route="/x" />);

    const scripts = container.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const text = scripts[0]?.innerHTML ?? '';
    expect(text).not.toContain('<');
    expect(text).toContain('\\u003c/script>');
    expect(jsonLdOf(container)).toEqual(
      faqPageJsonLd([
        { question: 'Is <b>bold</b> allowed?', answer: 'No: </script><script>alert("x")</script><!-- is only text.' },
      ]),
    );
    // On the page the same text is only text.
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Is <b>bold</b> allowed?');
  });

  it('skips half-typed questions and gives no JSON-LD when none is complete', () => {
    const draft: BlockData = { title: 'Coming soon', items: [{ question: 'What about oxygen?', answer: '  ' }] };
    const { container } = render(<FaqBlock data={draft} blockId="faq-3" route="/x" />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Coming soon');
    expect(container.querySelector('details')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    // No anchor, no eyebrow, no lead: none of them is rendered empty.
    expect(container.querySelector('section')?.hasAttribute('id')).toBe(false);
    expect(container.querySelector('.section__eyebrow, .section__lead')).toBeNull();
  });
});
