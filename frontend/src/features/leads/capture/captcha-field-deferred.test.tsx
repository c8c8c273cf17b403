import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaField } from './captcha-field';

/** A file of its own: the widget's module is counted from its first load in this file. */
const altchaModule = vi.hoisted(() => ({ loads: 0 }));

vi.mock('altcha', () => {
  altchaModule.loads += 1;
  return {};
});

/** An IntersectionObserver the test drives: `enter()` says the observed field came near. */
class FakeObserver {
  static current: FakeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  private readonly callback: IntersectionObserverCallback;
  constructor(callback: IntersectionObserverCallback) {
    this.callback = callback;
    FakeObserver.current = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  enter() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CaptchaField loading when near the screen', () => {
  it('loads the widget code only once the field comes near, then stops watching', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(<CaptchaField provider="altcha" challengeUrl="/c" onChange={vi.fn()} loadWhenNear />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(altchaModule.loads).toBe(0);
    expect(FakeObserver.current?.observed).toEqual([container.querySelector('altcha-widget')]);

    act(() => {
      FakeObserver.current?.enter();
    });
    await waitFor(() => {
      expect(altchaModule.loads).toBe(1);
    });
    expect(FakeObserver.current?.disconnected).toBe(true);
  });

  it('starts verifying at once when the visitor is already in the form as the code arrives', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(
      <form>
        <input aria-label="Company name" />
        <CaptchaField provider="altcha" challengeUrl="/c" onChange={vi.fn()} loadWhenNear />
      </form>,
    );
    const widget = container.querySelector('altcha-widget') as Element & { verify?: () => Promise<null> };
    const verify = vi.fn(() => Promise.resolve(null));
    widget.verify = verify;
    container.querySelector('input')?.focus();
    act(() => {
      FakeObserver.current?.enter();
    });
    await waitFor(() => {
      expect(verify).toHaveBeenCalledTimes(1);
    });
  });
});
