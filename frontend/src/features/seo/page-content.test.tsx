import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageContent } from './page-content';

describe('PageContent', () => {
  it('renders the record content sanitised, links with rel="noopener"', () => {
    const { container } = render(
      <PageContent html={'<h2>About us</h2><script>alert(1)</script><a href="https://x.example">x</a>'} />,
    );
    expect(container.querySelector('h2')?.textContent).toBe('About us');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('rel')).toBe('noopener');
  });
});
