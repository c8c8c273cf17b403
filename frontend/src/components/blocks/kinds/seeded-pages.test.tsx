import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { ContactDialogContext } from '@/components/lead-capture/contact-dialog-context';
import { company } from '@/config/company';
import { BlockPage } from '../block-page';
import { BLOCK_COMPONENTS } from '../block-registry';
import { validateBlocks } from '../validate-blocks';
import { seededSitePages } from '@/testing/seeded-site-pages';

/**
 * The six marketing pages as the seed migration stores them. Their markup was the old React
 * pages' byte for byte when they became block pages (issue 38; the visual comparison is
 * tests/tools/visual-compare.sh): the snapshots next to this file pin it.
 */
const seeded = seededSitePages();

/** The ids every page had before (section titles, CTA bands, cards and customer types linked to). */
const KEPT_IDS: Record<string, string[]> = {
  '/': ['hero-title', 'logos-title', 'stats-title', 'testimonial-title', 'home-cta', 'home-cta-title'],
  '/services': [
    'services-list-title',
    'hme-dme-software',
    'retail-dme',
    'mobile-delivery-management',
    'api-integrations',
    'complex-rehab',
    'mail-order',
    'orthotics-prosthetics',
    'cash-flow-acceleration',
    'services-models-title',
    'services-demo',
    'services-demo-title',
  ],
  '/rcm-services': [
    'rcm-steps-title',
    'rcm-segments-title',
    'small-startups',
    'growing-companies',
    'established-providers',
    'specialized-suppliers',
    'multi-location-chains',
    'rcm-consultation',
    'rcm-consultation-title',
  ],
  '/about': [
    'about-story-title',
    'about-stats-title',
    'about-principles-title',
    'about-recognition-title',
    'about-cta',
    'about-cta-title',
  ],
  '/careers': ['careers-benefits-title', 'careers-openings-title'],
  '/api-integrations': [
    'api-features-title',
    'api-categories-title',
    'ehr',
    'billing',
    'crm',
    'communication',
    'api-cta',
    'api-cta-title',
  ],
};

const contactDialog = { open: () => undefined, preload: () => undefined };
function pageMarkup(blocks: unknown, route: string): string {
  return renderToStaticMarkup(
    <ContactDialogContext.Provider value={contactDialog}>
      <MemoryRouter>
        <BlockPage blocks={blocks} route={route} />
      </MemoryRouter>
    </ContactDialogContext.Provider>,
  );
}

beforeAll(async () => {
  await Promise.all(Object.values(BLOCK_COMPONENTS).map((component) => component.preload()));
});

describe('the seeded marketing pages', () => {
  it('are the six pages, by route and name', () => {
    expect(seeded.map(({ route, name }) => [route, name])).toEqual([
      ['/', 'Home'],
      ['/services', 'Services'],
      ['/rcm-services', 'RCM Services'],
      ['/about', 'About'],
      ['/careers', 'Careers'],
      ['/api-integrations', 'API Integrations'],
    ]);
  });

  for (const { route, name, blocks } of seeded) {
    describe(`${name} (${route})`, () => {
      it('passes the block schema', () => {
        expect(validateBlocks(blocks)).toEqual([]);
      });

      it('has one h1, the ids it always had, and the company name where it showed it', () => {
        const html = pageMarkup(blocks, route);
        document.body.innerHTML = html;
        expect(document.querySelectorAll('h1')).toHaveLength(1);
        for (const id of KEPT_IDS[route] ?? []) expect(document.getElementById(id), id).not.toBeNull();
        expect(html).not.toContain('{company}');
        if (route === '/about') expect(document.querySelector('h1')?.textContent).toBe(`About ${company.name}`);
      });

      it('renders the markup the page had before it was built from blocks', async () => {
        const lines = pageMarkup(blocks, route).replace(/></g, '>\n<');
        await expect(`${lines}\n`).toMatchFileSnapshot(
          `./__snapshots__/seeded-pages/${name.toLowerCase().replaceAll(' ', '-')}.html`,
        );
      });
    });
  }
});
