import {
  absoluteUrl,
  HEAD_RULES,
  metaName,
  metaProperty,
  presentMetas,
  robotsContent,
  type HeadSpec,
} from '@/lib/head';
import type { BlogPost } from '@/data/blog/types';
import { postPublishedAt } from '@/components/blog/post-dates';

export interface PostHeadContext {
  companyName: string;
  siteUrl: string;
}

const text = (value: string | null | undefined) => value?.trim() ?? '';

/**
 * The head of a loaded blog post (spec §4): title '{meta_title or title} | {company}',
 * description, robots only when noindex/nofollow, keywords from the tags, canonical link,
 * Open Graph article tags, Twitter tags and one JSON-LD block. Pure: the caller applies it.
 */
export function buildBlogPostHead(post: BlogPost, context: PostHeadContext): HeadSpec {
  const headline = text(post.meta_title) || post.title;
  const description = text(post.excerpt) || text(post.description);
  const pageUrl = text(post.canonical_url)
    ? absoluteUrl(text(post.canonical_url), context.siteUrl)
    : `${context.siteUrl}/blog/${post.slug}`;
  const imageSource = text(post.og_image) || text(post.featured_image_url);
  const image = imageSource ? absoluteUrl(imageSource, context.siteUrl) : '';
  const tags = post.tags.map((tag) => tag.trim()).filter(Boolean);
  const author = text(post.author_name);
  const ogTitle = text(post.og_title) || headline;
  const ogDescription = text(post.og_description) || description;

  const organization = {
    '@type': 'Organization',
    name: context.companyName,
    url: context.siteUrl,
    logo: { '@type': 'ImageObject', url: absoluteUrl(HEAD_RULES.publisherLogoPath, context.siteUrl) },
  };

  const publishedAt = postPublishedAt(post);
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': text(post.schema_type) || HEAD_RULES.postSchemaType,
    headline,
    description,
    ...(image ? { image } : {}),
    datePublished: publishedAt,
    dateModified: post.updated_at || publishedAt,
    author: author ? { '@type': 'Person', name: author } : { '@type': 'Organization', name: context.companyName },
    publisher: organization,
    mainEntityOfPage: { '@type': 'WebPage', '@id': pageUrl },
    ...(tags.length > 0 ? { keywords: tags.join(', ') } : {}),
  };

  return {
    title: `${headline}${HEAD_RULES.titleSeparator}${context.companyName}`,
    canonical: pageUrl,
    metas: presentMetas([
      metaName('description', description),
      metaName('robots', robotsContent(post.noindex, post.nofollow)),
      metaName('keywords', tags.join(', ')),
      metaProperty('og:type', HEAD_RULES.postOgType),
      metaProperty('og:title', ogTitle),
      metaProperty('og:description', ogDescription),
      image !== '' && metaProperty('og:image', image),
      metaProperty('og:url', pageUrl),
      metaProperty('og:site_name', context.companyName),
      metaProperty('article:published_time', publishedAt),
      metaProperty('article:modified_time', post.updated_at || publishedAt),
      metaProperty('article:author', author || context.companyName),
      ...tags.map((tag) => metaProperty('article:tag', tag)),
      metaName('twitter:card', text(post.twitter_card_type) || HEAD_RULES.twitterCard),
      metaName('twitter:title', ogTitle),
      metaName('twitter:description', ogDescription),
      image !== '' && metaName('twitter:image', image),
    ]),
    jsonLd,
  };
}
