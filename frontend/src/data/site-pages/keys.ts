import { adminKeys } from '@/data/admin/keys';

const admin = [...adminKeys.all, 'block-pages'] as const;

/** Query-key prefixes of block_pages. */
export const sitePageKeys = {
  /** Every public block page cache (invalidated after admin writes, so the site shows the change). */
  public: ['block-pages'] as const,
  /** The admin's list of every page, its pages by id, and their figures below it. */
  admin,
  /** One page by id, below it. */
  page: [...admin, 'page'] as const,
  /** Views, leads and conversion per page (public.block_page_stats), one per range. */
  stats: [...admin, 'stats'] as const,
};
