import { useCallback, useEffect, useState } from 'react';

/** Auto-advance interval of the customer-logo carousel (spec §9). */
export const CAROUSEL_INTERVAL_MS = 3000;
/** Length of the slide animation; the wrap-around snap waits for it. */
export const CAROUSEL_TRANSITION_MS = 400;

/**
 * Track position. Slides 0..count-1 are followed by clones of the first slides, so the
 * step from the last slide to the first slides forward onto the clone of slide 0 and then
 * snaps (without animation) back to the real slide 0.
 */
export interface CarouselPosition {
  position: number;
  animate: boolean;
}

export function stepForward(current: CarouselPosition, count: number): CarouselPosition {
  // Still on the clone (snap pending): jump to slide 1 without sliding backwards.
  if (current.position >= count) return { position: 1 % count, animate: false };
  return { position: current.position + 1, animate: true };
}

export function stepBack(current: CarouselPosition, count: number): CarouselPosition {
  if (current.position <= 0) return { position: count - 1, animate: false };
  return { position: current.position - 1, animate: true };
}

interface UseCarouselOptions {
  count: number;
  intervalMs?: number;
  transitionMs?: number;
  /** Start rotating on mount (false under reduced motion). */
  autoplay: boolean;
}

export interface Carousel {
  /** Logical slide, 0..count-1. */
  index: number;
  position: number;
  animate: boolean;
  /** Rotation is switched on (by default or with the play control). */
  playing: boolean;
  /** Rotating right now: playing, and not held by hover or focus. */
  rotating: boolean;
  togglePlaying: () => void;
  next: () => void;
  previous: () => void;
  /** Hover and keyboard focus inside the carousel hold the rotation. */
  setHovered: (hovered: boolean) => void;
  setFocused: (focused: boolean) => void;
}

export function useCarousel({
  count,
  intervalMs = CAROUSEL_INTERVAL_MS,
  transitionMs = CAROUSEL_TRANSITION_MS,
  autoplay,
}: UseCarouselOptions): Carousel {
  const [track, setTrack] = useState<CarouselPosition>({ position: 0, animate: true });
  // Follows `autoplay` (which may change once the browser knows the motion preference) until
  // the visitor presses play or pause.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const playing = chosen ?? autoplay;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // Bumped by manual steps so the next automatic step is a full interval away.
  const [manualSteps, setManualSteps] = useState(0);
  const rotating = playing && !hovered && !focused && count > 1;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      setTrack((current) => stepForward(current, count));
    }, intervalMs);
    return () => {
      window.clearInterval(timer);
    };
  }, [rotating, count, intervalMs, manualSteps]);

  useEffect(() => {
    if (track.position < count) return;
    const timer = window.setTimeout(() => {
      setTrack({ position: 0, animate: false });
    }, transitionMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [track.position, count, transitionMs]);

  const next = useCallback(() => {
    setTrack((current) => stepForward(current, count));
    setManualSteps((n) => n + 1);
  }, [count]);

  const previous = useCallback(() => {
    setTrack((current) => stepBack(current, count));
    setManualSteps((n) => n + 1);
  }, [count]);

  const togglePlaying = useCallback(() => {
    setChosen(!playing);
  }, [playing]);

  return {
    index: track.position % count,
    position: track.position,
    animate: track.animate,
    playing,
    rotating,
    togglePlaying,
    next,
    previous,
    setHovered,
    setFocused,
  };
}
