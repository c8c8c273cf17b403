import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_TRANSITION_MS, stepBack, stepForward, useCarousel } from './use-carousel';

const COUNT = 7;

describe('stepForward / stepBack', () => {
  it('advances one slide with animation', () => {
    expect(stepForward({ position: 0, animate: false }, COUNT)).toEqual({ position: 1, animate: true });
    expect(stepForward({ position: 6, animate: true }, COUNT)).toEqual({ position: 7, animate: true });
  });

  it('leaves the clone of slide 0 for slide 1 without sliding backwards', () => {
    expect(stepForward({ position: 7, animate: true }, COUNT)).toEqual({ position: 1, animate: false });
  });

  it('steps back, wrapping from slide 0 to the last slide', () => {
    expect(stepBack({ position: 3, animate: true }, COUNT)).toEqual({ position: 2, animate: true });
    expect(stepBack({ position: 0, animate: true }, COUNT)).toEqual({ position: 6, animate: false });
    expect(stepBack({ position: 7, animate: false }, COUNT)).toEqual({ position: 6, animate: true });
  });
});

describe('useCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  const tick = (ms: number) => {
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  };

  it('advances every 3 seconds', () => {
    const { result } = renderHook(() => useCarousel({ count: COUNT, autoplay: true }));
    expect(CAROUSEL_INTERVAL_MS).toBe(3000);
    expect(result.current.index).toBe(0);

    tick(2999);
    expect(result.current.index).toBe(0);
    tick(1);
    expect(result.current.index).toBe(1);
    tick(3000);
    expect(result.current.index).toBe(2);
  });

  it('loops from the seventh logo back to the first and keeps going', () => {
    const { result } = renderHook(() => useCarousel({ count: COUNT, autoplay: true }));
    tick(6 * 3000);
    expect(result.current.index).toBe(6);

    tick(3000);
    expect(result.current.index).toBe(0);
    expect(result.current.position).toBe(7); // sliding onto the clone of the first logo
    tick(CAROUSEL_TRANSITION_MS);
    expect(result.current).toMatchObject({ index: 0, position: 0, animate: false });

    tick(3000 - CAROUSEL_TRANSITION_MS);
    expect(result.current).toMatchObject({ index: 1, position: 1, animate: true });
  });

  it('does not move while paused, and resumes with play', () => {
    const { result } = renderHook(() => useCarousel({ count: COUNT, autoplay: true }));
    act(() => {
      result.current.togglePlaying();
    });
    expect(result.current.playing).toBe(false);
    tick(30_000);
    expect(result.current.index).toBe(0);

    act(() => {
      result.current.togglePlaying();
    });
    tick(3000);
    expect(result.current.index).toBe(1);
  });

  it('holds while hovered or focused', () => {
    const { result } = renderHook(() => useCarousel({ count: COUNT, autoplay: true }));
    act(() => {
      result.current.setHovered(true);
    });
    tick(9000);
    expect(result.current.index).toBe(0);
    expect(result.current.rotating).toBe(false);

    act(() => {
      result.current.setHovered(false);
      result.current.setFocused(true);
    });
    tick(9000);
    expect(result.current.index).toBe(0);

    act(() => {
      result.current.setFocused(false);
    });
    tick(3000);
    expect(result.current.index).toBe(1);
  });

  it('does not start on its own when autoplay is off (reduced motion)', () => {
    const { result } = renderHook(() => useCarousel({ count: COUNT, autoplay: false }));
    tick(30_000);
    expect(result.current.index).toBe(0);
    expect(result.current.playing).toBe(false);
  });

  it('steps manually both ways and restarts the interval after a manual step', () => {
    const { result } = renderHook(() => useCarousel({ count: COUNT, autoplay: true }));
    tick(2000);
    act(() => {
      result.current.next();
    });
    expect(result.current.index).toBe(1);
    tick(2000);
    expect(result.current.index).toBe(1); // the interval restarted at the manual step
    tick(1000);
    expect(result.current.index).toBe(2);

    act(() => {
      result.current.previous();
      result.current.previous();
      result.current.previous();
    });
    expect(result.current.index).toBe(6);
  });
});
