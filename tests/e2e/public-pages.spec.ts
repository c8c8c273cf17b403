import { expect, h1, h2, h3, specLists, test, type Locator, type Page, withConsent } from './fixtures';

/**
 * The static public pages of issue 6 against the real server: every route's key texts (spec
 * wording), the footer, and no sideways scrolling. The site's chrome (scrolling, cookie banner,
 * mobile menu, carousel) is in site-chrome.spec.ts, the contact dialog in contact-dialog.spec.ts.
 */

interface CompanyConfig {
  name: string;
  email: string;
  phone: string;
  address: string;
  hours: string;
  siteUrl: string;
  /** The company's website as the legal pages name it (not the host serving them). */
  websiteUrl: string;
}

async function runtimeCompany(page: Page): Promise<CompanyConfig> {
  return page.evaluate(() => {
    const text = document.getElementById('runtime-config')?.textContent ?? '{}';
    return (JSON.parse(text) as { company: CompanyConfig }).company;
  });
}

async function expectImageLoaded(image: Locator) {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(image).toHaveAttribute('width', /^\d+$/);
  await expect(image).toHaveAttribute('height', /^\d+$/);
}

test.describe('public pages', () => {
  test.beforeEach(async ({ page }) => {
    await withConsent(page);
  });

  test('home: hero, Schedule Demo, testimonial, seven-logo carousel, three statistics', async ({ page }) => {
    await page.goto('/');

    await expect(h1(page, 'Get paid for every piece of equipment you deliver.')).toBeVisible();
    await expect(page.locator('.hero__points li')).toHaveCount(4);
    await expect(page.getByRole('link', { name: 'Schedule Demo' })).toHaveAttribute('href', '/contact');
    await expect(page.locator('blockquote')).toContainText('days in A/R went from 61 to 33');
    await expect(page.getByText('Dana Whitfield', { exact: true })).toBeVisible();

    const carousel = page.getByRole('region', { name: 'Customer logos' });
    await expect(carousel.getByRole('group')).toHaveCount(7);
    for (const name of [
      'Summit Home Medical',
      'CareLine Mobility',
      'Oxygen Plus Supply',
      'Riverbend Respiratory',
      'Heartland HME Services',
      'Keystone O&P Clinics',
      'Coastal Sleep Solutions',
    ]) {
      await expect(carousel.getByRole('img', { name, exact: true })).toHaveCount(1);
    }
    await expectImageLoaded(carousel.getByRole('img', { name: 'Summit Home Medical' }));

    for (const [value, label] of [
      ['500+', 'Organizations served'],
      ['$2.5B+', 'Claims processed annually'],
      ['99.8%', 'Customer satisfaction'],
    ]) {
      await expect(page.getByText(value, { exact: true })).toBeVisible();
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('/services: eight service cards and Schedule Demo', async ({ page }) => {
    await page.goto('/services');
    await expect(h1(page, 'Software and billing services for HME/DME suppliers')).toBeVisible();
    for (const title of [
      'HME/DME Software',
      'Retail DME',
      'Mobile Delivery Management',
      'API Integrations',
      'Complex Rehab',
      'Mail Order',
      'Orthotics & Prosthetics',
      'Cash Flow Acceleration',
    ]) {
      await expect(h3(page, title)).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Schedule Demo' })).toHaveAttribute('href', '/contact');
  });

  test('/rcm-services: header, customer types with images and both calls to action', async ({ page }) => {
    await page.goto('/rcm-services');
    await expect(h1(page, 'RCM Services')).toBeVisible();
    await expect(h2(page, 'RCM Services by Customer Type')).toBeVisible();

    const segments: [string, string][] = [
      ['Small HME/DME Startups', '1-10 employees'],
      ['Growing HME/DME Companies', '10-50 employees'],
      ['Established HME/DME Providers', '50+ employees'],
      ['Specialized HME/DME Suppliers', 'CPAP, oxygen, wheelchairs'],
      ['Multi-location HME/DME Chains', 'Several branches, one revenue cycle'],
    ];
    const cards = page.locator('.segment-card');
    await expect(cards).toHaveCount(5);
    for (const [index, [title, subtitle]] of segments.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
      await expect(card.getByText(subtitle, { exact: true })).toBeVisible();
      await expect(card.getByRole('heading', { name: 'Common pain points' })).toBeVisible();
      await expect(card.getByRole('heading', { name: 'How we solve them' })).toBeVisible();
      await expect(card.locator('ul li')).toHaveCount(8);
      await expectImageLoaded(card.getByRole('img'));
    }

    await expect(page.getByRole('link', { name: 'Schedule Free Assessment' })).toHaveAttribute('href', '/contact');
    await expect(page.getByRole('link', { name: 'Book Your Free Consultation' })).toHaveAttribute('href', '/contact');
    await page.getByRole('link', { name: 'Book Your Free Consultation' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('/about: story, mission, four stat tiles and recognition', async ({ page }) => {
    await page.goto('/about');
    const company = await runtimeCompany(page);
    await expect(h1(page, `About ${company.name}`)).toBeVisible();
    await expect(h2(page, 'Our story')).toBeVisible();
    await expect(page.getByText('was founded in 2016')).toBeVisible();
    await expect(h2(page, 'Our mission')).toBeVisible();
    for (const [value, label] of [
      ['2016', 'Founded'],
      ['100%', 'Focus on HME/DME'],
      ['Top 3', 'Start-up ranking'],
      ['24/7', 'Team on call'],
    ]) {
      const tile = page.locator('.stat-tile', { hasText: label });
      await expect(tile.locator('dd')).toHaveText(value);
    }
    await expect(page.getByText('Recognition', { exact: true })).toBeVisible();
  });

  test('/contact: cards from the company configuration, Connect with us, 24-hour reply', async ({ page }) => {
    await page.goto('/contact');
    const company = await runtimeCompany(page);
    await expect(h1(page, 'Talk to a DME billing specialist')).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
    await expect(main.getByRole('link', { name: company.phone })).toHaveAttribute('href', /^tel:\+?\d+/);
    await expect(page.locator('.contact-card address')).toHaveText(company.address);
    await expect(
      page.locator('.contact-card').filter({ has: page.getByRole('heading', { name: 'Hours', exact: true }) }),
    ).toContainText('Mon-Fri 8am to 5pm EST');
    await expect(page.getByText('We reply to every request within 24 hours.').first()).toBeVisible();

    await page.getByRole('button', { name: 'Connect with us' }).click();
    await expect(page.getByRole('dialog', { name: 'Connect with us' })).toBeVisible();
  });

  test('/careers: benefits, no open positions and a mailto link for a resume', async ({ page }) => {
    await page.goto('/careers');
    const company = await runtimeCompany(page);
    await expect(page.locator('.card-grid .card')).toHaveCount(6);
    await expect(h2(page, 'No Open Positions at This Time')).toBeVisible();
    await expect(page.getByRole('link', { name: `Send your resume to ${company.email}` })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${company.email.replace('.', '\\.')}\\?subject=`),
    );
  });

  test('/api-integrations: six features, four categories with named systems, calls to action', async ({ page }) => {
    await page.goto('/api-integrations');
    for (const feature of [
      'REST API',
      'Webhooks',
      'Healthcare standards',
      'Security built in',
      'Sandbox',
      'Integration engineers',
    ]) {
      await expect(h3(page, feature)).toBeVisible();
    }
    for (const [category, system] of [
      ['EHR and e-ordering', 'Epic'],
      ['Billing, clearinghouses and accounting', 'Waystar'],
      ['CRM', 'Salesforce'],
      ['Patient and team communication', 'Twilio'],
    ]) {
      await expect(h3(page, category)).toBeVisible();
      await expect(
        page.getByRole('list', { name: `${category} systems` }).getByText(system, { exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Request API Access' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Talk to an Integration Engineer' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test("/privacy-policy: today's date, 11 numbered sections and the configured contact details", async ({ page }) => {
    await page.goto('/privacy-policy');
    const company = await runtimeCompany(page);
    const today = await page.evaluate(() =>
      new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
    );
    await expect(h1(page, 'Privacy Policy')).toBeVisible();
    await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();

    const body = page.locator('.legal__body');
    await expect(body.getByRole('heading', { level: 2 })).toHaveText(
      specLists.privacySectionTitles.map((t, i) => `${i + 1}. ${t}`),
    );
    for (const sub of [
      '1.1 Information you provide',
      '1.2 Information collected automatically',
      '1.3 Information from third parties',
    ]) {
      await expect(h3(page, sub)).toBeVisible();
    }
    await expect(body).toContainText('We do not sell your personal information');
    await expect(body).toContainText('TLS 1.2 or higher');
    await expect(body).toContainText('AES-256');
    await expect(body).toContainText('not directed to children under 16');
    await expect(body).toContainText('processed and stored in the United States');

    const contact = page.locator('#privacy-11 address');
    await expect(contact.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
    await expect(contact.getByRole('link', { name: company.phone })).toBeVisible();
    // The configured company website, never the host that serves the page (localhost here).
    await expect(contact.getByRole('link', { name: company.websiteUrl.replace(/^https?:\/\//, '') })).toHaveAttribute(
      'href',
      company.websiteUrl,
    );
    await expect(contact).not.toContainText(new URL(page.url()).host);
  });

  test('/cookie-policy: January 30, 2025, the sections of the spec and the postal contact', async ({ page }) => {
    await page.goto('/cookie-policy');
    const company = await runtimeCompany(page);
    await expect(h1(page, 'Cookie Policy')).toBeVisible();
    await expect(page.getByText('Last updated: January 30, 2025')).toBeVisible();
    await expect(page.locator('.legal__body').getByRole('heading', { level: 2 })).toHaveText([
      '1. What Are Cookies',
      '2. Types of Cookies We Use',
      '3. Third-Party Cookies',
      '4. Managing Your Cookie Preferences',
      '5. Do Not Track',
      '6. Updates to This Policy',
      '7. Contact Us',
    ]);
    for (const type of [
      '2.1 Essential cookies',
      '2.2 Performance and analytics cookies',
      '2.3 Functional cookies',
      '2.4 Marketing and advertising cookies',
    ]) {
      await expect(h3(page, type)).toBeVisible();
    }
    await expect(page.locator('#cookies-5')).toContainText('does not currently respond to Do Not Track');
    const contact = page.locator('#cookies-7 address');
    await expect(contact).toContainText(company.address);
    await expect(contact.getByRole('link', { name: company.email })).toBeVisible();
    await expect(contact.getByRole('link', { name: company.phone })).toBeVisible();
  });

  const ARTICLES = [
    {
      path: '/blog/streamlining-dme-claims-processing',
      title: 'Streamlining DME Claims Processing',
      category: 'Claims Processing',
      categoryPath: '/blog/category/claims-processing',
      minutes: 5,
      date: 'December 14, 2023',
      cta: { role: 'button' as const, name: 'Get Started' },
    },
    {
      path: '/blog/compliance-best-practices-dme-providers',
      title: 'Compliance Best Practices for DME Providers',
      category: 'Compliance',
      categoryPath: '/blog/category/compliance',
      minutes: 7,
      date: 'January 10, 2024',
      cta: { role: 'button' as const, name: 'Get Started' },
    },
    {
      path: '/blog/mobile-delivery-management',
      title: 'Mobile Delivery Management: A Game Changer',
      category: 'Technology',
      categoryPath: '/blog/category/technology',
      minutes: 4,
      date: 'December 28, 2023',
      cta: { role: 'link' as const, name: 'Schedule Demo' },
    },
    {
      path: '/blog/maximizing-revenue-real-time-reporting',
      title: 'Maximizing Revenue with Real-Time Reporting',
      category: 'Analytics',
      categoryPath: '/blog/category/analytics',
      minutes: 6,
      date: 'January 5, 2024',
      cta: { role: 'link' as const, name: 'Schedule Demo' },
    },
    {
      path: '/blog/dme-billing-coding-guide',
      title: 'DME Billing and Coding Guide: Nine Common Errors and How to Fix Them',
      category: 'Billing & Coding',
      categoryPath: '/blog/category/billing-coding',
      minutes: 8,
      date: 'January 17, 2024',
      cta: { role: 'link' as const, name: 'Contact Us for an Assessment' },
    },
  ];

  for (const article of ARTICLES) {
    test(`${article.path}: back link, category badge to its archive, read time, hero image, closing call to action`, async ({
      page,
    }) => {
      await page.goto(article.path);
      await expect(h1(page, article.title)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
      // The category badge leads to the category's archive.
      const badge = page.locator('.article__meta .badge');
      await expect(badge).toHaveText(`Category: ${article.category}`);
      await expect(badge).toHaveAccessibleName(`Category: ${article.category}`);
      await expect(badge).toHaveAttribute('href', article.categoryPath);
      await expect(
        page.locator('.article__meta').getByText(`${article.minutes} min read`, { exact: true }),
      ).toBeVisible();
      await expect(page.locator('.article__meta time')).toHaveText(article.date);
      await expectImageLoaded(page.locator('img.article__hero'));
      await expect(page.locator('img.article__hero')).toHaveAttribute(
        'src',
        `/blog-images/${article.path.split('/').pop() ?? ''}.svg`,
      );

      const cta = page.getByRole('complementary');
      await expect(cta.getByRole(article.cta.role, { name: article.cta.name })).toBeVisible();
    });
  }

  test('the billing guide lists nine errors, each with a fix, and its call to action goes to /contact', async ({
    page,
  }) => {
    await page.goto('/blog/dme-billing-coding-guide');
    await expect(page.locator('.article__body h2').filter({ hasText: /^\d\. / })).toHaveText([
      '1. Missing documentation',
      '2. Wrong coding',
      '3. Missing prior authorization or insurance verification',
      '4. Failing to follow regulatory changes',
      '5. Provider and billing miscommunication',
      '6. Weak denial follow-up',
      '7. Billing non-covered items',
      '8. Duplicate claims',
      '9. Inaccurate patient data',
    ]);
    await expect(page.locator('.article__body strong', { hasText: 'The fix:' })).toHaveCount(9);
    await page.getByRole('complementary').getByRole('link', { name: 'Contact Us for an Assessment' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('the real-time reporting article covers denials, leaks, staff KPIs and decisions', async ({ page }) => {
    await page.goto('/blog/maximizing-revenue-real-time-reporting');
    const body = page.locator('.article__body');
    for (const text of [
      'Flag every denial by reason code and payer',
      'Assign follow-up to a worklist automatically',
      'Spot systemic errors early',
      'Underpayments.',
      'Unbilled revenue.',
      'High-risk payers or regions.',
      'Claims submitted per day',
      'Denials worked per team member',
      'Revenue recovered per follow-up',
      'Make strategic decisions from live data',
    ]) {
      await expect(body.getByText(text, { exact: true })).toBeVisible();
    }
  });

  test('the footer carries the blurb, contact details, social links, link columns and this year', async ({ page }) => {
    await page.goto('/services');
    const company = await runtimeCompany(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: company.email })).toBeVisible();
    await expect(footer.getByRole('link', { name: company.phone })).toBeVisible();
    await expect(footer.getByText(company.address)).toBeVisible();
    await expect(footer.getByRole('link', { name: new RegExp(`^${company.name} on `) })).toHaveCount(4);
    const column = (name: string) => footer.getByRole('navigation', { name });
    await expect(column('Company').getByRole('link')).toHaveText(['About', 'Careers']);
    await expect(column('Resources').getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    await expect(column('Resources').getByRole('link', { name: 'Whitepapers' })).toHaveAttribute(
      'href',
      '/whitepapers',
    );
    await expect(column('Resources').getByRole('link')).toHaveCount(4);
    await expect(column('Legal').getByRole('link')).toHaveText(['Cookie Policy', 'Privacy Policy']);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${company.name}`);
  });

  test('no page scrolls sideways at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of [
      '/',
      '/services',
      '/rcm-services',
      '/about',
      '/contact',
      '/careers',
      '/api-integrations',
      '/privacy-policy',
      '/cookie-policy',
      ...ARTICLES.map((a) => a.path),
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0);
    }
  });
});
