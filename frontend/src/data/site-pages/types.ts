import type { Tables } from '@/lib/database.types';

/** A block_pages row: a page of the site built from blocks (its `blocks` checked by the database). */
export type SitePage = Tables<'block_pages'>;

/** What the admin writes of a page; the publishing columns only for editors (authors save drafts). */
export type SitePagePayload = Pick<SitePage, 'name' | 'route' | 'blocks'> &
  Partial<Pick<SitePage, 'published' | 'publish_at'>>;

/** One page's figures over a range (public.block_page_stats). */
export interface SitePageStats {
  id: string;
  route: string;
  name: string;
  views: number;
  leads: number;
  /** Leads per view, 0 when there were no views. */
  conversion_rate: number;
}
