import type { PageSeoRecord } from '@/data/page-seo/types';
import {
  absoluteUrl,
  HEAD_RULES,
  metaName,
  metaProperty,
  presentMetas,
  robotsContent,
  type HeadSpec,
} from '@/lib/head';

export interface SeoContext {
  companyName: string;
  siteUrl: string;
  /** Absolute URL of the page being shown. */
  pageUrl: string;
}

const text = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * The head of a page from its SEO record. No record: the default document title (the
 * company name) and no page-specific tags.
 */
export function buildPageSeoHead(record: PageSeoRecord | null, context: SeoContext): HeadSpec {
  if (!record) return { title: context.companyName, metas: [] };

  const title = text(record.meta_title) || context.companyName;
  const description = text(record.meta_description);
  const canonical = text(record.canonical_url);
  const image = text(record.og_image) || text(record.featured_image_url);
  const ogTitle = text(record.og_title) || title;
  const ogDescription = text(record.og_description) || description;
  const twitterImage = text(record.twitter_image) || image;
  const keywords = record.keywords.map((keyword) => keyword.trim()).filter(Boolean);

  return {
    title,
    canonical: canonical ? absoluteUrl(canonical, context.siteUrl) : undefined,
    metas: presentMetas([
      metaName('description', description),
      metaName('keywords', keywords.join(', ')),
      metaName('robots', robotsContent(record.noindex, record.nofollow)),
      metaProperty('og:type', text(record.og_type) || HEAD_RULES.pageOgType),
      metaProperty('og:title', ogTitle),
      metaProperty('og:description', ogDescription),
      image !== '' && metaProperty('og:image', absoluteUrl(image, context.siteUrl)),
      metaProperty('og:url', canonical ? absoluteUrl(canonical, context.siteUrl) : context.pageUrl),
      metaProperty('og:site_name', context.companyName),
      metaName('twitter:card', text(record.twitter_card_type) || HEAD_RULES.twitterCard),
      metaName('twitter:title', text(record.twitter_title) || ogTitle),
      metaName('twitter:description', text(record.twitter_description) || ogDescription),
      twitterImage !== '' && metaName('twitter:image', absoluteUrl(twitterImage, context.siteUrl)),
    ]),
    jsonLd: record.schema_json ?? undefined,
  };
}
