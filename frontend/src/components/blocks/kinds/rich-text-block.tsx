import { useMemo } from 'react';
import { responsiveContentImages } from '@/lib/responsive-image';
import { sanitizeHtml } from '@/lib/sanitize-html';
import type { BlockProps } from '../block-registry';
import './rich-text-block.css';

/**
 * Text from the post editor, shown as a post's body is: through the one sanitiser (the same
 * allow-list on the server and in the browser), with the post body's prose styles and its
 * responsive images. The text brings its own headings (the editor offers h2 and h3), so the
 * block adds none.
 */
export function RichTextBlock({ data, blockId }: BlockProps) {
  const html = typeof data.html === 'string' ? data.html : '';
  const clean = useMemo(() => responsiveContentImages(sanitizeHtml(html)), [html]);
  if (!clean.trim()) return null;
  return (
    <div id={`${blockId}-text`} className="section rich-text-block">
      <div className="container">
        <div className="prose rich-text-block__body" dangerouslySetInnerHTML={{ __html: clean }} />
      </div>
    </div>
  );
}
