import { expect, test, type APIRequestContext } from './fixtures';

/**
 * What crawlers and link previews see: with JavaScript disabled, a blog post's page already
 * carries its title, description and Open Graph tags (issue 8), injected by the server by the
 * client's own rules (spec §4 head rebuild); and a draft or unknown post answers 404.
 */

const SLUG = 'oxygen-billing-36-month-rental-cap';

interface PostRow {
  title: string;
  meta_title: string | null;
  description: string;
  excerpt: string | null;
  og_title: string | null;
  og_description: string | null;
  canonical_url: string | null;
}

/** The post as the browser app reads it: /rest/v1 with the anon key of the runtime config. */
async function publishedPost(request: APIRequestContext, slug: string): Promise<PostRow> {
  const html = await (await request.get('/')).text();
  const config = /<script id="runtime-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  expect(config, 'runtime config in index.html').not.toBeNull();
  const { supabaseAnonKey } = JSON.parse(config?.[1] ?? '{}') as { supabaseAnonKey: string };
  const response = await request.get(`/rest/v1/blog_posts?slug=eq.${slug}&published=eq.true&select=*`, {
    headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}` },
  });
  expect(response.status()).toBe(200);
  const rows = (await response.json()) as PostRow[];
  expect(rows).toHaveLength(1);
  return rows[0];
}

const present = (...values: (string | null)[]) => values.map((value) => value?.trim() ?? '').find(Boolean) ?? '';

test.describe('SEO without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a post's title, description and Open Graph tags are in the served page", async ({ page, request }) => {
    const post = await publishedPost(request, SLUG);
    const headline = present(post.meta_title, post.title);
    const description = present(post.excerpt, post.description);

    const response = await page.goto(`/blog/${SLUG}`);
    expect(response?.status()).toBe(200);
    const runtimeConfig = JSON.parse(
      (await page.locator('#runtime-config').textContent()) ?? '{}',
    ) as { company: { name: string; siteUrl: string } };
    const { name: company, siteUrl } = runtimeConfig.company;
    // The post's canonical URL (absolute against the site) when it has one, else its own URL.
    const canonical = post.canonical_url?.trim()
      ? new URL(post.canonical_url.trim(), `${siteUrl}/`).toString()
      : `${siteUrl}/blog/${SLUG}`;

    await expect(page).toHaveTitle(`${headline} | ${company}`);
    const meta = (attribute: 'name' | 'property', value: string) =>
      page.locator(`head meta[${attribute}="${value}"]`);
    await expect(meta('name', 'description')).toHaveCount(1);
    await expect(meta('name', 'description')).toHaveAttribute('content', description);
    await expect(meta('property', 'og:type')).toHaveAttribute('content', 'article');
    await expect(meta('property', 'og:title')).toHaveAttribute('content', present(post.og_title, headline));
    await expect(meta('property', 'og:description')).toHaveAttribute(
      'content',
      present(post.og_description, description),
    );
    await expect(meta('property', 'og:url')).toHaveAttribute('content', canonical);
    await expect(meta('property', 'og:site_name')).toHaveAttribute('content', company);
    await expect(meta('name', 'twitter:card')).toHaveAttribute('content', /^summary(_large_image)?$/);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', canonical);

    const jsonLd = JSON.parse(
      (await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { headline: string; '@type': string };
    expect(jsonLd.headline).toBe(headline);
    expect(jsonLd['@type']).toMatch(/Posting|Article/);
  });

  test('an unknown post and an unknown path answer 404 with the app page', async ({ page }) => {
    for (const path of ['/blog/no-such-post-anywhere', '/no/such/page']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.locator('#root')).toHaveCount(1);
      await expect(page.locator('head meta[property="og:title"]')).toHaveCount(0);
    }
  });
});
