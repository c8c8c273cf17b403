import DOMPurify from 'dompurify';

let hooked = false;

/** Every link of sanitised content gets rel="noopener" (kept alongside other rel tokens). */
function addLinkHook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    const tokens = new Set((node.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
    tokens.add('noopener');
    node.setAttribute('rel', Array.from(tokens).join(' '));
  });
}

/**
 * Stored HTML (blog posts, page content) made safe to render: scripts, event handlers and
 * javascript: URLs removed by DOMPurify; links get rel="noopener".
 */
export function sanitizeHtml(html: string): string {
  addLinkHook();
  return DOMPurify.sanitize(html, { ADD_ATTR: ['target'] });
}
