import DOMPurify from 'dompurify';
import policy from './sanitize-policy.json';

/**
 * Stored HTML (blog posts, page content) made safe to render, by one allow-list
 * (sanitize-policy.json) that the server's sanitiser (ammonia, crates/site) applies too:
 * scripts, event handlers, javascript: URLs and unknown tags removed; frames kept only for
 * YouTube and Vimeo players (the site's Content-Security-Policy frame-src lists the same
 * hosts); inline styles reduced to the listed properties; links get rel="noopener".
 */

const IFRAME_SRC = new RegExp(policy.iframeSrc);
const STYLE_PROPERTIES = new Set(policy.styleProperties);
const ALLOWED_ATTR = Array.from(new Set([...policy.globalAttributes, ...Object.values(policy.tagAttributes).flat()]));
const TAG_ATTRIBUTES: Record<string, string[] | undefined> = policy.tagAttributes;
/** Relative URLs, or one of the listed schemes. */
const ALLOWED_URI = new RegExp(`^(?:(?:${policy.urlSchemes.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.:-]|$))`, 'i');

/** Keeps only the listed properties of an inline style ("color: red; position: fixed" → "color: red"). */
export function filterStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => {
      const name = declaration.split(':', 1)[0]?.trim().toLowerCase() ?? '';
      return declaration.includes(':') && STYLE_PROPERTIES.has(name);
    })
    .join('; ');
}

let hooked = false;

function addHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName !== 'iframe' || !(node instanceof Element)) return;
    if (!IFRAME_SRC.test(node.getAttribute('src') ?? '')) node.remove();
  });
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    if (!policy.globalAttributes.includes(data.attrName) && !TAG_ATTRIBUTES[tag]?.includes(data.attrName)) {
      data.keepAttr = false;
      return;
    }
    if (data.attrName === 'style') {
      data.attrValue = filterStyle(data.attrValue);
      if (!data.attrValue) data.keepAttr = false;
    }
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

/** The server renderer's sanitiser (ammonia with the same policy), set by crates/site. */
const SERVER_SANITIZE = '__claimbridgeSanitize';

function serverSanitize(html: string): string {
  const sanitize = (globalThis as Record<string, unknown>)[SERVER_SANITIZE];
  if (typeof sanitize !== 'function') throw new Error('The server renderer has no HTML sanitiser.');
  return String((sanitize as (input: string) => unknown)(html));
}

export function sanitizeHtml(html: string): string {
  if (import.meta.env.SSR) return serverSanitize(html);
  addHooks();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: policy.tags,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
  });
}
