import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeaderPlaceholder, PageHeader } from './page-header';

describe('PageHeader', () => {
  it('renders the title as the page heading with an optional subtitle', () => {
    render(<PageHeader title="RCM Services" subtitle="Outsourced billing for HME/DME suppliers." />);
    expect(screen.getByRole('heading', { level: 1, name: 'RCM Services' })).toBeTruthy();
    expect(screen.getByText('Outsourced billing for HME/DME suppliers.')).toBeTruthy();
  });

  it('omits the subtitle when none is given', () => {
    const { container } = render(<PageHeader title="Careers" />);
    expect(container.querySelector('.page-header__subtitle')).toBeNull();
  });
});

describe('HeaderPlaceholder', () => {
  it('is an empty bar hidden from assistive technology', () => {
    const { container } = render(<HeaderPlaceholder />);
    const bar = container.firstElementChild as HTMLElement;
    expect(bar.className).toBe('header-placeholder');
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect(bar.childNodes.length).toBe(0);
  });
});
