export const CONTENT_PREVIEW_LENGTH = 50;
export const NO_CONTENT_TEXT = 'No content yet';

/** Plain text of an HTML fragment: tags removed, common entities decoded, whitespace collapsed. */
export function stripMarkup(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The card preview: the first 50 characters of the markup-free content, or 'No content yet'. */
export function contentPreview(html: string | null | undefined): string {
  const text = stripMarkup(html ?? '');
  return text === '' ? NO_CONTENT_TEXT : text.slice(0, CONTENT_PREVIEW_LENGTH);
}
