import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoCarousel } from './logo-carousel';

/** The home page's seven customers (the seed's logo-strip block). */
const CUSTOMER_LOGOS = [
  'Summit Home Medical',
  'CareLine Mobility',
  'Oxygen Plus Supply',
  'Riverbend Respiratory',
  'Heartland HME Services',
  'Keystone O&P Clinics',
  'Coastal Sleep Solutions',
].map((name) => ({ name, src: `/images/customers/${name.toLowerCase().replaceAll(' ', '-')}.svg` }));

const region = () => screen.getByRole('region', { name: 'Customer logos' });
const index = () => Number(region().dataset.index);
const tick = (ms: number) => {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LogoCarousel', () => {
  it('shows seven named customer logos with explicit sizes; clones are hidden', () => {
    render(<LogoCarousel logos={CUSTOMER_LOGOS} />);
    expect(CUSTOMER_LOGOS).toHaveLength(7);
    const slides = screen.getAllByRole('group');
    expect(slides).toHaveLength(7);
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(
      CUSTOMER_LOGOS.map((_, i) => `${i + 1} of 7`),
    );
    const images = screen.getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(CUSTOMER_LOGOS.map((l) => l.name));
    for (const img of document.querySelectorAll('img')) {
      expect(img.getAttribute('width')).toBe('200');
      expect(img.getAttribute('height')).toBe('64');
    }
    expect(document.querySelectorAll('.carousel__slide[aria-hidden="true"]').length).toBeGreaterThan(0);
  });

  it('advances every 3 seconds and loops after the seventh logo', () => {
    render(<LogoCarousel logos={CUSTOMER_LOGOS} />);
    expect(index()).toBe(0);
    tick(3000);
    expect(index()).toBe(1);
    tick(6 * 3000);
    expect(index()).toBe(0);
    tick(3000);
    expect(index()).toBe(1);
  });

  it('has a pause control that stops and restarts the rotation', () => {
    render(<LogoCarousel logos={CUSTOMER_LOGOS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause logo carousel' }));
    tick(9000);
    expect(index()).toBe(0);
    expect(screen.getByRole('button', { name: 'Play logo carousel' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Play logo carousel' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause logo carousel' }));
    tick(3000);
    expect(index()).toBe(1);
  });

  it('steps with the previous and next buttons and announces the logo', () => {
    render(<LogoCarousel logos={CUSTOMER_LOGOS} />);
    const next = screen.getByRole('button', { name: 'Next logo' });
    fireEvent.focus(next); // keyboard focus inside holds the rotation
    fireEvent.click(next);
    expect(index()).toBe(1);
    expect(screen.getByText('CareLine Mobility, 2 of 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous logo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous logo' }));
    expect(index()).toBe(6);
  });

  it('holds while the pointer is over it', () => {
    render(<LogoCarousel logos={CUSTOMER_LOGOS} />);
    fireEvent.mouseEnter(region());
    tick(9000);
    expect(index()).toBe(0);
    fireEvent.mouseLeave(region());
    tick(3000);
    expect(index()).toBe(1);
  });

  it('does not move on its own under prefers-reduced-motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
    render(<LogoCarousel logos={CUSTOMER_LOGOS} />);
    tick(30_000);
    expect(index()).toBe(0);
    expect(screen.getByRole('button', { name: 'Play logo carousel' })).toBeTruthy();
  });
});
