import { createElement, lazy, useSyncExternalStore, type ComponentType } from 'react';
import type { NonIndexRouteObject } from 'react-router';
import { useReportModule } from './render-context';

/**
 * A component whose code is its own chunk, loaded on first render. Unlike a bare React.lazy it
 * renders synchronously once loaded, which the server renderer needs (it loads every such
 * component before its first render: `loadAllLazyComponents`). In the browser a hydrating page
 * whose chunk has not arrived yet keeps the server's HTML inside its Suspense boundary and
 * hydrates it when the chunk lands, so nothing flashes or mismatches.
 */
export type LazyComponent<P extends object> = ComponentType<P> & {
  preload: () => Promise<void>;
  /** The path of the module it loads, when the build named it (scripts/lazy-module-ids.ts). */
  moduleId: string | undefined;
};

/**
 * What a server render reports for a lazy component the build did not name (its loader is not
 * `async () => (await import('…')).Member`): the prerender fails on it, since the browser could
 * not load that code before hydrating.
 */
export const UNNAMED_MODULE = '(unnamed lazy module)';

const everyLoader: (() => Promise<void>)[] = [];
/** Loaders by the path of the module they load (set on each loader by the build, see
 * scripts/lazy-module-ids.ts). */
const loadersByModule = new Map<string, () => Promise<void>>();

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
  const moduleId = (load as { moduleId?: string }).moduleId;
  function LazyLoaded(props: P) {
    useReportModule(moduleId ?? UNNAMED_MODULE);
    return createElement(loaded ?? Lazy, props);
  }
  const preload = async () => {
    await start();
  };
  everyLoader.push(preload);
  if (moduleId) loadersByModule.set(moduleId, preload);
  return Object.assign(LazyLoaded, { preload, moduleId });
}

/** A route whose page module is its own chunk, loaded when first shown (see lazyComponent). */
export function lazyPage(path: string, load: () => Promise<ComponentType>): NonIndexRouteObject {
  const Page = lazyComponent(load);
  return { path, element: <Page /> };
}

/**
 * Server renderer: loads every lazy component, so renders never suspend. Loading a module may
 * declare more lazy components (a block page's blocks): those are loaded too, until none is left.
 */
export async function loadAllLazyComponents(): Promise<void> {
  for (let loaded = 0; loaded < everyLoader.length;) {
    const batch = everyLoader.slice(loaded);
    loaded = everyLoader.length;
    await Promise.all(batch.map((preload) => preload()));
  }
}

/**
 * Browser, before hydrating: loads the code of the lazy components the server rendered (the
 * page's `modules`), so hydration finds every one of them ready. Unknown ids are skipped.
 */
export async function loadLazyModules(moduleIds: readonly string[]): Promise<void> {
  // A module's loader is known once the module declaring it has loaded (a block page's blocks
  // are declared by the block page's chunk): load in rounds until no more of them are known.
  const started = new Set<string>();
  for (;;) {
    const loads = moduleIds.flatMap((moduleId) => {
      const load = loadersByModule.get(moduleId);
      if (!load || started.has(moduleId)) return [];
      started.add(moduleId);
      return [load()];
    });
    if (loads.length === 0) return;
    await Promise.all(loads);
  }
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
