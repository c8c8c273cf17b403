import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { loadLazyModules } from './lib/lazy-component';
import { readPageData } from './lib/page-data';
import { RenderProvider } from './lib/render-context';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

/** Present on every page the server rendered (the public pages); absent on /auth and /admin. */
const pageData = readPageData(document);

/** The clicks index.html's first script kept while the page was not hydrated yet. */
const REPLAY_CLICKS = '__claimbridgeReplayClicks';

/**
 * Once the page is React's (its first effects run after hydration): marks the document
 * `data-hydrated` and replays the kept clicks.
 */
function ReplayEarlyClicks() {
  useEffect(() => {
    // After the commit's task: React finishes hydrating the rest of the page (its Suspense
    // boundaries) before a replayed click reaches it.
    const timer = window.setTimeout(() => {
      document.documentElement.setAttribute('data-hydrated', '');
      const replay = (window as unknown as Record<string, unknown>)[REPLAY_CLICKS];
      if (typeof replay === 'function') (replay as () => void)();
    }, 0);
    return () => {
      window.clearTimeout(timer);
    };
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <RenderProvider pageData={pageData}>
        <AppRoutes />
        <ReplayEarlyClicks />
      </RenderProvider>
    </BrowserRouter>
  </StrictMode>
);

if (pageData && container.firstElementChild) {
  // The server's HTML is this same app rendered with the embedded data: React takes it over
  // instead of drawing it again, once the code of every lazy part the server rendered is here
  // (the head preloads it), so hydration never waits inside a Suspense boundary (an update
  // reaching such a boundary would make React draw it again).
  // As a transition, hydration yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (the page is already on screen meanwhile).
  void loadLazyModules(pageData.modules ?? []).then(() => {
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error, info) {
          console.error('Hydration: the page differed from the server rendering.', error, info.componentStack);
        },
      });
    });
  });
} else {
  createRoot(container).render(app);
}
