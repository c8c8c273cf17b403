/**
 * Images at the size they are shown: a raster image in a public Storage bucket is offered in
 * several widths through Storage's image transformation endpoint (the URL storage-js's
 * `getPublicUrl(path, { transform: { width } })` builds), so the browser picks from `srcset`
 * by the width `sizes` says it will be shown at, and gets WebP where it accepts it.
 */

/** The widths offered, in CSS pixels at 1x to 2x of the article column. */
export const IMAGE_WIDTHS = [480, 800, 1200, 1600] as const;

/** The article column (52rem) on wide screens, the viewport below. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 54rem) 52rem, 100vw';

const PUBLIC_OBJECT = '/storage/v1/object/public/';
const RENDER_PUBLIC = '/storage/v1/render/image/public/';
/** What the transformation endpoint decodes (not SVG, whose one file fits every size). */
const RASTER = /\.(?:jpe?g|png|webp|gif)$/i;

export interface ResponsiveImage {
  src: string;
  srcSet: string;
  sizes: string;
}

/** `url` (a public Storage object) in `width`; null when it is not a Storage raster image. */
export function storageImageAt(url: string, width: number): string | null {
  const at = url.indexOf(PUBLIC_OBJECT);
  if (at < 0 || url.includes('?') || url.includes('#')) return null;
  const path = url.slice(at + PUBLIC_OBJECT.length);
  if (!RASTER.test(path)) return null;
  return `${url.slice(0, at)}${RENDER_PUBLIC}${path}?width=${width}`;
}

/** The sources of an image shown at `sizes`, largest fallback `fallbackWidth`; null to keep `url`. */
export function responsiveImage(url: string, sizes: string, fallbackWidth = 1200): ResponsiveImage | null {
  const src = storageImageAt(url, fallbackWidth);
  if (!src) return null;
  const srcSet = IMAGE_WIDTHS.map((width) => `${storageImageAt(url, width) ?? url} ${width}w`).join(', ');
  return { src, srcSet, sizes };
}

/** An attribute as sanitised markup writes it: name="value", quotes escaped inside. */
const IMG_TAG = /<img((?:\s+[^\s"'=<>/]+(?:="[^"]*")?)*)\s*\/?>/gi;
const SRC = /\ssrc="([^"]*)"/i;

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * Sanitised HTML (as DOMPurify or the server's sanitiser write it) with its Storage images
 * given `srcset` and `sizes`, and every image loading lazily (they are below the fold).
 */
export function responsiveContentImages(html: string, sizes = ARTICLE_IMAGE_SIZES): string {
  return html.replace(IMG_TAG, (_tag, attributes: string) => {
    let added = '';
    const src = SRC.exec(attributes)?.[1];
    const responsive = src ? responsiveImage(decodeAttribute(src), sizes) : null;
    if (responsive && !/\ssrcset=/i.test(attributes)) {
      added += ` srcset="${encodeAttribute(responsive.srcSet)}" sizes="${encodeAttribute(responsive.sizes)}"`;
    }
    if (!/\sloading=/i.test(attributes)) added += ' loading="lazy"';
    if (!/\sdecoding=/i.test(attributes)) added += ' decoding="async"';
    return `<img${attributes}${added}>`;
  });
}
