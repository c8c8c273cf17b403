/**
 * Query-key prefixes of the public site's caches (features/seo, features/blog), invalidated
 * after admin writes so public pages opened later in the same tab show the change.
 */
export const PUBLIC_PAGE_SEO_KEY = ['page-seo'] as const;
export const PUBLIC_BLOG_KEY = ['blog-posts'] as const;
/** features/whitepapers (the list on /whitepapers and /downloads) and features/downloads (file checks). */
export const PUBLIC_WHITEPAPERS_KEY = ['whitepapers'] as const;
export const PUBLIC_WHITEPAPER_FILE_KEY = ['whitepaper-file-exists'] as const;
