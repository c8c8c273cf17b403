import DOMPurify from 'dompurify';

/**
 * Video embeds the editors' video button makes (Quill turns YouTube and Vimeo links into these
 * player URLs). Any other frame is removed; the site's Content-Security-Policy frame-src lists
 * the same hosts.
 */
const VIDEO_EMBED_URL = /^https:\/\/(?:www\.youtube\.com\/embed\/|www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)/;

let hooked = false;

function addHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'iframe' || !(node instanceof Element)) return;
    if (!VIDEO_EMBED_URL.test(node.getAttribute('src') ?? '')) node.remove();
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IFRAME') {
      // A frame needs a name for screen readers; players load only when scrolled to.
      if (!node.getAttribute('title')) node.setAttribute('title', 'Embedded video');
      node.setAttribute('loading', 'lazy');
      node.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      return;
    }
    // Every link of sanitised content gets rel="noopener" (kept alongside other rel tokens).
    if (node.tagName !== 'A' || !node.hasAttribute('href')) return;
    const tokens = new Set((node.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
    tokens.add('noopener');
    node.setAttribute('rel', Array.from(tokens).join(' '));
  });
}

/**
 * Stored HTML (blog posts, page content) made safe to render: scripts, event handlers and
 * javascript: URLs removed by DOMPurify; frames kept only for YouTube and Vimeo players; links
 * get rel="noopener".
 */
export function sanitizeHtml(html: string): string {
  addHooks();
  return DOMPurify.sanitize(html, {
    ADD_TAGS: ['iframe'],
    ADD_ATTR: ['target', 'allowfullscreen', 'frameborder'],
  });
}
