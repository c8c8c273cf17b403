import { ContentAdminPage } from '@/features/admin/pages/content-admin-page';
import { BlockPageLink } from '@/features/admin/site-pages/block-page-link';

/** Webpage Edit, each card of a block page's route linking to that page's blocks. */
export function ContentRoute() {
  return <ContentAdminPage blocksLink={(page) => <BlockPageLink route={page.page_route} name={page.page_name} />} />;
}
