import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

interface ListingPageProps<T> {
  eyebrow: string;
  title: string;
  subtitle: string;
  /** The accessible name of the section that holds the list. */
  label: string;
  /** What stands above the list whatever its state (the downloads page's thank-you banner). */
  intro?: ReactNode;
  items: readonly T[] | undefined;
  isPending: boolean;
  /** Shown while the items load. */
  loading: ReactNode;
  /** Renders the items when there is at least one. */
  list: (items: readonly T[]) => ReactNode;
  /** Shown when there is none. */
  empty: ReactNode;
}

/**
 * A listing page (blog, whitepapers, downloads): its header, then one labelled section that
 * shows the list in its three states: loading, the items, none.
 */
export function ListingPage<T>({
  label,
  intro,
  items,
  isPending,
  loading,
  list,
  empty,
  ...header
}: ListingPageProps<T>) {
  return (
    <>
      <PageHeader {...header} />
      <section className="section" aria-label={label}>
        <div className="container">
          {intro}
          {isPending ? loading : items && items.length > 0 ? list(items) : empty}
        </div>
      </section>
    </>
  );
}
