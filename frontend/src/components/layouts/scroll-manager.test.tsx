import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HASH_SCROLL_DELAY_MS, ScrollManager } from './scroll-manager';

function Shell() {
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <p>Home</p> },
          {
            path: '/services',
            element: (
              <section>
                <h2 id="cash-flow">Cash Flow Acceleration</h2>
              </section>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

let scrollIntoView: ReturnType<typeof vi.fn>;
let scrollTo: ReturnType<typeof vi.fn>;

function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query }));
}

beforeEach(() => {
  vi.useFakeTimers();
  scrollIntoView = vi.fn();
  Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ScrollManager', () => {
  it('scrolls to the top on navigation', async () => {
    const router = renderAt('/');
    scrollTo.mockClear();
    await act(() => router.navigate('/services'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls smoothly to the hash element after 100 ms', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/services#cash-flow'));

    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS - 1);
    });
    expect(scrollIntoView).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('cash-flow'));
    expect(document.activeElement).toBe(document.getElementById('cash-flow'));
  });

  it('also honours a hash on the first page load', () => {
    renderAt('/services#cash-flow');
    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('jumps without animation when reduced motion is preferred', () => {
    preferReducedMotion();
    renderAt('/services#cash-flow');
    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    });
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it('ignores a hash that names no element', () => {
    renderAt('/services#nowhere');
    act(() => {
      vi.advanceTimersByTime(HASH_SCROLL_DELAY_MS);
    });
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('restores the position of a history entry on back', async () => {
    const router = renderAt('/');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
      vi.advanceTimersByTime(20); // let the animation frame record the position
    });
    await act(() => router.navigate('/services'));
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    scrollTo.mockClear();

    await act(() => router.navigate(-1));

    expect(scrollTo).toHaveBeenCalledWith(0, 640);
  });
});
