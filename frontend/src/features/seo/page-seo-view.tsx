import { Suspense } from 'react';
import { company } from '@/config/company';
import { lazyComponent } from '@/lib/lazy-component';
import { useUnclaimedHead } from '@/lib/use-head';
import type { PageSeoRecord } from '@/data/page-seo/types';
import { buildPageSeoHead } from './page-seo';

/** The sanitiser comes with it, so it loads only for pages that have body content. */
const PageContent = lazyComponent(async () => (await import('./page-content')).PageContent);

/**
 * A route's SEO record at work: its head (until the record is known, the default title) and
 * its body content, if any, under the page.
 */
export function PageSeo({ route, record }: { route: string; record: PageSeoRecord | null | undefined }) {
  useUnclaimedHead(
    buildPageSeoHead(record ?? null, {
      companyName: company.name,
      siteUrl: company.siteUrl,
      pageUrl: `${company.siteUrl}${route === '/' ? '/' : route}`,
    }),
  );

  const content = record?.content?.trim() ? record.content : null;
  if (!content) return null;
  return (
    <Suspense fallback={null}>
      <PageContent html={content} />
    </Suspense>
  );
}
