import { useEffect } from 'react';
import { scrollDepthPercent, secondsBetween } from './scroll-depth';
import { showedNotFound } from '@/lib/not-found-page';
import { getSessionId } from '@/lib/session-id';

/** The recording code and the Supabase client load together, when the first view is recorded. */
const loadRecorder = async () => {
  const [{ supabase }, recorder] = await Promise.all([import('@/lib/supabase'), import('./page-analytics')]);
  return { client: supabase, ...recorder };
};

function currentScrollDepth(): number {
  const root = document.documentElement;
  return scrollDepthPercent({
    scrollTop: window.scrollY,
    viewportHeight: window.innerHeight,
    documentHeight: root.scrollHeight,
  });
}

/** Longest wait for an idle moment before recording anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `callback` once the page has finished loading and the browser is idle, so the
 * analytics client (the Supabase library) never competes with the page's own first load;
 * at once on later page views. Returns a cancel function.
 */
function whenIdle(callback: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      idleHandle = window.requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    } else {
      idleHandle = window.setTimeout(callback, 0);
    }
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idleHandle === undefined) return;
    if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}

function logFailure(error: unknown) {
  console.error('Analytics:', error);
}

/**
 * Page analytics (spec §3, §4, §7): a page_analytics row per page view; when the visitor
 * leaves the page, hides the tab or unloads it, that row gets time on page and the deepest
 * scroll reached. Failures are only logged.
 */
export function usePageAnalytics(path: string, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    const sessionId = getSessionId();
    const startedAt = Date.now();
    // The address as the not-found views mark it (`path` is the route, without a trailing slash).
    const pathname = window.location.pathname;
    let maxDepth = 0;
    let viewRecorded: Promise<void> | null = null;

    const trackScroll = () => {
      maxDepth = Math.max(maxDepth, currentScrollDepth());
    };

    // After the page has rendered (so the title is the page's own) and loaded.
    const cancelView = whenIdle(() => {
      trackScroll();
      viewRecorded = loadRecorder()
        .then(({ client, recordPageView, buildPageViewRow }) =>
          recordPageView(
            client,
            buildPageViewRow({
              sessionId,
              path,
              title: document.title,
              referrer: document.referrer,
              userAgent: navigator.userAgent,
              visitedAt: new Date(startedAt),
              notFound: showedNotFound(pathname),
            }),
          ),
        )
        .catch(logFailure);
    });

    const sendExit = () => {
      trackScroll();
      const exit = {
        sessionId,
        path,
        timeOnPage: secondsBetween(startedAt, Date.now()),
        scrollDepth: maxDepth,
        notFound: showedNotFound(pathname),
      };
      const pending = viewRecorded;
      if (!pending) return;
      void pending
        .then(loadRecorder)
        .then(({ client, recordPageExit }) => recordPageExit(client, exit))
        .catch(logFailure);
    };

    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') sendExit();
    };

    window.addEventListener('scroll', trackScroll, { passive: true });
    window.addEventListener('pagehide', sendExit);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      cancelView();
      window.removeEventListener('scroll', trackScroll);
      window.removeEventListener('pagehide', sendExit);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      // Leaving this page inside the app is also a page exit.
      sendExit();
    };
  }, [path, enabled]);
}
