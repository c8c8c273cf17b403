import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlockPage } from './block-page';
import { renderBlock } from './kinds/block-test-render';

describe('BlockPage', () => {
  it('shows the blocks in order and skips a kind this build does not know', async () => {
    const { container } = renderBlock(
      <BlockPage
        route="/oxygen-webinar"
        blocks={[
          { id: 'hero', kind: 'hero', data: { heading: 'Oxygen billing after the 2027 fee schedule' } },
          { id: 'old', kind: 'countdown-timer', data: { until: '2027-01-14' } },
          'not a block',
          { id: 'cta', kind: 'cta-band', data: { title: 'Bring your own claims', actions: [] } },
        ]}
      />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: /Oxygen billing/ })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Bring your own claims' })).toBeTruthy();
    expect(container.textContent).not.toContain('2027-01-14');
    const headings = [...container.querySelectorAll('h1, h2')].map((heading) => heading.textContent);
    expect(headings).toEqual(['Oxygen billing after the 2027 fee schedule', 'Bring your own claims']);
  });

  it('shows nothing, without throwing, for a value that is not a list of blocks', () => {
    const { container } = renderBlock(<BlockPage route="/x" blocks={{ kind: 'hero' }} />);
    expect(container.textContent).toBe('');
  });

  it('draws no link the database would refuse (an unsaved preview is drawn before any check)', async () => {
    const { container } = renderBlock(
      <BlockPage
        route="/preview"
        blocks={[
          {
            id: 'cta',
            kind: 'cta-band',
            data: {
              title: 'Bring your own claims',
              actions: [
                { label: 'Run this', href: 'javascript:alert(1)' },
                { label: 'Elsewhere', href: '//evil.example/x' },
                { label: 'Talk to us', href: '/contact' },
              ],
            },
          },
        ]}
      />,
    );
    await screen.findByRole('link', { name: 'Talk to us' });
    const links = [...container.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/contact']);
    expect(container.textContent).not.toContain('Run this');
  });
});
