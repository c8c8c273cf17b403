/** Toolbar layouts (Quill toolbar container arrays). */
export type ToolbarConfig = ReadonlyArray<ReadonlyArray<string | Record<string, unknown>>>;

/** Blog post content: headers 1-6, bold, italic, underline, strike, lists, colours, link, image, clean. */
export const BLOG_TOOLBAR: ToolbarConfig = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ color: [] }, { background: [] }],
  ['link', 'image'],
  ['clean'],
];

/** Page SEO content tab: headers 1-3, bold, italic, underline, strike, lists, alignment, link, image, clean. */
export const PAGE_SEO_TOOLBAR: ToolbarConfig = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ align: [] }],
  ['link', 'image'],
  ['clean'],
];

/** Webpage Edit: the full toolbar. */
export const FULL_TOOLBAR: ToolbarConfig = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ align: [] }],
  ['link', 'image', 'video'],
  ['blockquote', 'code-block'],
  ['clean'],
];

export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;
export const IMAGE_PROTOCOLS = ['http', 'https', 'data'] as const;

/**
 * Whether `url` uses one of `protocols`. URLs without a scheme (relative paths, anchors) are
 * accepted, as Quill does; anything else (javascript:, vbscript:, ...) is refused.
 */
export function hasAllowedProtocol(url: string, protocols: readonly string[]): boolean {
  const cleaned = url.replace(/[^\x21-\x7e]/g, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  if (!match?.[1]) return true;
  return protocols.includes(match[1].toLowerCase());
}
