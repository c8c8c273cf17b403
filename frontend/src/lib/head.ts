/**
 * The document head as data, and the one function that writes it. Every element it adds
 * carries DYNAMIC_ATTR, so the next page's head first removes all of the previous one.
 */

export const DYNAMIC_ATTR = 'data-dynamic-seo';

/** The fixed values of the head rules (page-seo.ts, post-head.ts, archive-head.ts, search-head.ts). */
export const HEAD_RULES = {
  /** Between a post's headline and the company name in its title. */
  titleSeparator: ' | ',
  /** og:type of a page whose record names none. */
  pageOgType: 'website',
  /** og:type of every post. */
  postOgType: 'article',
  /** twitter:card when a record or post names none. */
  twitterCard: 'summary_large_image',
  /** A post's JSON-LD @type when it names none. */
  postSchemaType: 'BlogPosting',
  /** The publisher logo a post's JSON-LD names, site-relative. */
  publisherLogoPath: '/favicon.svg',
} as const;

export interface HeadMeta {
  /** `name` for standard and Twitter tags, `property` for Open Graph and article tags. */
  key: 'name' | 'property';
  value: string;
  content: string;
}

/**
 * A `<link>` besides the canonical one: rel=prev/next of a paged list, or an alternate (an RSS
 * feed, with its `type` and `title`).
 */
export interface HeadLink {
  rel: string;
  href: string;
  type?: string;
  title?: string;
}

export interface HeadSpec {
  title: string;
  metas: HeadMeta[];
  canonical?: string;
  links?: HeadLink[];
  /** Serialised into one application/ld+json script. */
  jsonLd?: unknown;
}

/** What the heads built from data (archives, search) need of the site: its name and address. */
export interface HeadContext {
  companyName: string;
  /** The site's origin, no trailing slash (company.siteUrl). */
  siteUrl: string;
}

export const metaName = (value: string, content: string): HeadMeta => ({ key: 'name', value, content });
export const metaProperty = (value: string, content: string): HeadMeta => ({
  key: 'property',
  value,
  content,
});

/** Keeps only metas with non-empty content. */
export function presentMetas(metas: (HeadMeta | false | null | undefined)[]): HeadMeta[] {
  return metas.filter((meta): meta is HeadMeta => Boolean(meta && meta.content.trim() !== ''));
}

/** Absolute URL of `url` against `base` (site-relative image paths become absolute for crawlers). */
export function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, base.endsWith('/') ? base : `${base}/`).toString();
  } catch {
    return url;
  }
}

/** JSON for a script element: "<" escaped so the text can never close the script. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Removes every element an earlier applyHead added. */
export function clearDynamicHead(doc: Document): void {
  for (const element of Array.from(doc.head.querySelectorAll(`[${DYNAMIC_ATTR}]`))) element.remove();
}

/** Writes `spec` into the head: title, metas, canonical and other links and JSON-LD, replacing earlier ones. */
export function applyHead(doc: Document, spec: HeadSpec): void {
  clearDynamicHead(doc);
  doc.title = spec.title;

  for (const meta of spec.metas) {
    // Static tags of the same key (index.html's description) give way to the page's own.
    for (const existing of Array.from(doc.head.querySelectorAll(`meta:not([${DYNAMIC_ATTR}])`))) {
      if (existing.getAttribute(meta.key) === meta.value) existing.remove();
    }
    const element = doc.createElement('meta');
    element.setAttribute(meta.key, meta.value);
    element.setAttribute('content', meta.content);
    element.setAttribute(DYNAMIC_ATTR, '');
    doc.head.appendChild(element);
  }

  const canonicalLinks = Array.from(doc.head.querySelectorAll('link[rel="canonical"]'));
  if (spec.canonical) {
    const [first, ...rest] = canonicalLinks;
    for (const extra of rest) extra.remove();
    const link = first ?? doc.createElement('link');
    link.setAttribute('rel', 'canonical');
    link.setAttribute('href', spec.canonical);
    link.setAttribute(DYNAMIC_ATTR, '');
    if (!first) doc.head.appendChild(link);
  } else {
    for (const link of canonicalLinks) link.remove();
  }

  for (const { rel, href, type, title } of spec.links ?? []) {
    const link = doc.createElement('link');
    link.setAttribute('rel', rel);
    link.setAttribute('href', href);
    if (type) link.setAttribute('type', type);
    if (title) link.setAttribute('title', title);
    link.setAttribute(DYNAMIC_ATTR, '');
    doc.head.appendChild(link);
  }

  if (spec.jsonLd !== undefined && spec.jsonLd !== null) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = jsonLdText(spec.jsonLd);
    script.setAttribute(DYNAMIC_ATTR, '');
    doc.head.appendChild(script);
  }
}

/** robots content for the two flags, or '' when neither is set. */
export function robotsContent(noindex: boolean | null | undefined, nofollow: boolean | null | undefined) {
  return [noindex ? 'noindex' : '', nofollow ? 'nofollow' : ''].filter(Boolean).join(', ');
}
