import { useMemo } from 'react';
import { responsiveContentImages } from '@/lib/responsive-image';
import { sanitizeHtml } from '@/lib/sanitize-html';
import './page-content.css';

/** A page's body content from its SEO record, sanitised (loaded only when a page has any). */
export function PageContent({ html }: { html: string }) {
  const clean = useMemo(() => responsiveContentImages(sanitizeHtml(html)), [html]);
  return (
    <section className="page-content" aria-label="Page content">
      <div className="container">
        <div className="prose" dangerouslySetInnerHTML={{ __html: clean }} />
      </div>
    </section>
  );
}
