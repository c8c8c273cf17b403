import { SitePageEditorPage } from '@/features/admin/site-pages/site-page-editor-page';
import { SitePageSeoButton } from './site-page-seo-button';

/** A block page's editor, its SEO settings through Page SEO's dialog. */
export function SitePageEditorRoute() {
  return <SitePageEditorPage seoSettings={({ route, name }) => <SitePageSeoButton route={route} name={name} />} />;
}
