// eslint-disable-next-line no-restricted-imports -- compared with the stock client's own URL
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { responsiveContentImages, responsiveImage, storageImageAt } from './responsive-image';

const BASE = 'https://cb.example/storage/v1/object/public/blog-images';

describe('Storage image variants', () => {
  it('are the URLs storage-js builds for a width transform', () => {
    const client = createClient('https://cb.example', 'anon-key');
    const { data } = client.storage.from('blog-images').getPublicUrl('a/b.png', { transform: { width: 800 } });
    expect(storageImageAt(`${BASE}/a/b.png`, 800)).toBe(data.publicUrl);
  });

  it('leave other images alone', () => {
    expect(storageImageAt('/blog-images/x.svg', 800)).toBeNull();
    expect(storageImageAt(`${BASE}/x.svg`, 800)).toBeNull();
    expect(storageImageAt('https://elsewhere.example/x.png', 800)).toBeNull();
    expect(storageImageAt(`${BASE}/x.png?v=2`, 800)).toBeNull();
    expect(responsiveImage('/blog-images/x.svg', '100vw')).toBeNull();
  });

  it('make a srcset of every width', () => {
    expect(responsiveImage(`${BASE}/x.jpg`, '100vw')).toEqual({
      src: 'https://cb.example/storage/v1/render/image/public/blog-images/x.jpg?width=1200',
      srcSet: [480, 800, 1200, 1600]
        .map((width) => `https://cb.example/storage/v1/render/image/public/blog-images/x.jpg?width=${width} ${width}w`)
        .join(', '),
      sizes: '100vw',
    });
  });
});

describe('images of stored HTML', () => {
  it('get a srcset when they are Storage images, and load lazily', () => {
    const html = `<p>a</p><img src="${BASE}/x.png" alt="a &quot;quoted&quot; > sign"><img src="/blog-images/y.svg">`;
    const out = responsiveContentImages(html, '100vw');
    expect(out).toBe(
      `<p>a</p><img src="${BASE}/x.png" alt="a &quot;quoted&quot; > sign" srcset="` +
        [480, 800, 1200, 1600]
          .map(
            (width) => `https://cb.example/storage/v1/render/image/public/blog-images/x.png?width=${width} ${width}w`,
          )
          .join(', ') +
        `" sizes="100vw" loading="lazy" decoding="async"><img src="/blog-images/y.svg" loading="lazy" decoding="async">`,
    );
  });

  it('keep what the image already says', () => {
    expect(responsiveContentImages('<img src="/a.png" loading="eager" decoding="sync">')).toBe(
      '<img src="/a.png" loading="eager" decoding="sync">',
    );
  });
});
