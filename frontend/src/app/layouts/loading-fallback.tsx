/**
 * What a Suspense boundary shows while a screen's code loads: the boot screen's look, and
 * "Loading…" for screen readers. The root layout shows it for the first screen (admin screens;
 * public pages come rendered), the public layout while a page's code is still loading on a
 * first visit rendered by the browser.
 */
export function LoadingFallback() {
  return (
    <div className="boot-fallback" role="status">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
