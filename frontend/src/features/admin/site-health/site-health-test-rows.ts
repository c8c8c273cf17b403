import type { SiteHealthRow } from '@/data/site-health/types';

/** An issue as site_health sends it, for tests: a broken link in a post; `changes` set what a test is about. */
export function healthRow(changes: Partial<SiteHealthRow> = {}): SiteHealthRow {
  return {
    kind: 'broken_internal_link',
    severity: 'error',
    title: 'Broken link: /pricing-2025',
    detail: 'No page at this address',
    source_type: 'post',
    source_id: 'p1',
    source_label: 'Capped rental month 13',
    fix_path: '/admin/blog/p1',
    ...changes,
  };
}
