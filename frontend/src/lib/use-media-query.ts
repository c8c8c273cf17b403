import { useCallback, useSyncExternalStore } from 'react';

function mediaQueryList(query: string): Partial<MediaQueryList> | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/**
 * Whether a CSS media query matches, kept current as it changes; `serverValue` on the server
 * and while hydrating, so the first render matches the server's HTML.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener?.('change', onChange);
      return () => {
        list?.removeEventListener?.('change', onChange);
      };
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches === true,
    () => serverValue,
  );
}
