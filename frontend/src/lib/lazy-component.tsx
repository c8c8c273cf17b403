import { createElement, lazy, useSyncExternalStore, type ComponentType } from 'react';

/**
 * A component whose code is its own chunk, loaded on first render. Unlike a bare React.lazy it
 * renders synchronously once loaded, which the server renderer needs (it loads every such
 * component before its first render: `loadAllLazyComponents`). In the browser a hydrating page
 * whose chunk has not arrived yet keeps the server's HTML inside its Suspense boundary and
 * hydrates it when the chunk lands, so nothing flashes or mismatches.
 */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

const everyLoader: (() => Promise<void>)[] = [];

let loading = 0;
const listeners = new Set<() => void>();
function changeLoading(delta: number) {
  loading += delta;
  for (const listener of listeners) listener();
}

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () => {
    if (!pending) {
      changeLoading(1);
      pending = load().then(
        (component) => {
          loaded = component;
          changeLoading(-1);
          return component;
        },
        (error: unknown) => {
          // A failed chunk (network, deploy) may load on a later try.
          pending = undefined;
          changeLoading(-1);
          throw error;
        },
      );
    }
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await start() }));
  function LazyLoaded(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  const preload = async () => {
    await start();
  };
  everyLoader.push(preload);
  return Object.assign(LazyLoaded, { preload });
}

/** Server renderer: loads every lazy component, so renders never suspend. */
export async function loadAllLazyComponents(): Promise<void> {
  await Promise.all(everyLoader.map((preload) => preload()));
}

/** True while some lazy component's code is loading (the route progress bar). */
export function useLazyLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
    () => false,
  );
}
