import { DYNAMIC_ATTR, type HeadSpec } from '@/lib/head';
import { useHead } from '@/lib/use-head';

/** A page that builds its own head (useHead): `null` claims it while writing nothing. */
export function ClaimingPage({ spec }: { spec: HeadSpec | null }) {
  useHead(spec);
  return <h1>Claiming page</h1>;
}

/** The rel and href of each link an applyHead wrote, the canonical aside. */
export const dynamicLinks = () =>
  Array.from(document.head.querySelectorAll(`link[${DYNAMIC_ATTR}]:not([rel="canonical"])`)).map((link) => [
    link.getAttribute('rel'),
    link.getAttribute('href'),
  ]);

/** An empty head and title (jsdom keeps the document between the tests of a file). */
export function clearHead(): void {
  document.head.innerHTML = '';
  document.title = '';
}
