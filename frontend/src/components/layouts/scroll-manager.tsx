import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

/** Delay before scrolling to a URL hash target, so the page has rendered it (spec §9). */
export const HASH_SCROLL_DELAY_MS = 100;

const STORAGE_KEY = 'claimbridge:scroll-positions';

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls smoothly (instantly under reduced motion) to the element a URL hash names, and
 * moves keyboard focus there so the next Tab continues from the target.
 */
export function scrollToHash(hash: string): boolean {
  const raw = hash.replace(/^#/, '');
  if (!raw) return false;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // Keep the raw fragment.
  }
  const target = document.getElementById(id) ?? document.getElementsByName(id)[0];
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  if (target instanceof HTMLElement) {
    if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }
  return true;
}

function loadPositions(): Map<string, number> {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    return new Map(saved ? (JSON.parse(saved) as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

/**
 * Scroll behaviour on navigation: a new page starts at the top; a URL hash scrolls to its
 * element after 100 ms; back and forward restore where that history entry was left.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef(location.key);

  useEffect(() => {
    positions.current ??= loadPositions();
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.current?.set(currentKey.current, window.scrollY);
      });
    };
    const persist = () => {
      try {
        const entries = Array.from(positions.current ?? []).slice(-50);
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
      } catch {
        // Storage unavailable: positions last for this page load only.
      }
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= loadPositions();
    currentKey.current = location.key;

    if (navigationType === NavigationType.Pop) {
      const saved = positions.current.get(location.key);
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        return;
      }
    }
    if (location.hash) {
      const timer = window.setTimeout(() => {
        scrollToHash(location.hash);
      }, HASH_SCROLL_DELAY_MS);
      return () => {
        window.clearTimeout(timer);
      };
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
