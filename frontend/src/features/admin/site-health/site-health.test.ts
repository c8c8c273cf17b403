import { describe, expect, it } from 'vitest';
import type { SiteHealthRow } from '@/data/site-health/types';
import { groupHealthIssues, toHealthIssue, toHealthSummary, type HealthIssue } from './site-health';
import { healthRow } from './site-health-test-rows';

const issue = (values: Partial<SiteHealthRow>): HealthIssue => {
  const read = toHealthIssue(healthRow(values));
  if (!read) throw new Error('not an issue');
  return read;
};

describe('groupHealthIssues', () => {
  it('groups by check in the screen’s order, leaving out checks without issues', () => {
    const groups = groupHealthIssues([
      issue({ kind: 'duplicate_title', severity: 'warning', title: 'Title used by more than one post: CMN basics' }),
      issue({ kind: 'image_without_alt', severity: 'warning', title: 'Image without alt text: /img/a.png' }),
      issue({ kind: 'broken_external_link', severity: 'warning', title: 'Broken link: https://cms.example/gone' }),
      issue({ kind: 'broken_internal_link' }),
      issue({ kind: 'image_without_alt', severity: 'warning', title: 'Featured image without alt text' }),
    ]);
    expect(groups.map((group) => [group.label, group.issues.length])).toEqual([
      ['Broken internal links', 1],
      ['Broken external links', 1],
      ['Images without alt text', 2],
      ['Duplicate titles', 1],
    ]);
    expect(groups[0]?.errors).toBe(1);
    expect(groups[1]?.errors).toBe(0);
  });

  it('lists errors before warnings in a check, then by where they are', () => {
    const [group] = groupHealthIssues([
      issue({ severity: 'warning', source_label: 'Alpha', title: 'Broken link: https://a.example' }),
      issue({ severity: 'error', source_label: 'Zulu', title: 'Broken link: /z' }),
      issue({ severity: 'warning', source_label: 'Bravo', title: 'Broken link: https://b.example' }),
      issue({ severity: 'error', source_label: 'Mike', title: 'Broken link: /m' }),
    ]);
    expect(group?.issues.map((item) => item.sourceLabel)).toEqual(['Mike', 'Zulu', 'Alpha', 'Bravo']);
  });

  it('still shows a check it does not know, after the known ones, named from its kind', () => {
    const groups = groupHealthIssues([
      issue({ kind: 'slow_page', severity: 'warning', title: 'Slow: /services' }),
      issue({ kind: 'missing_featured_image', severity: 'warning', title: 'No featured image' }),
    ]);
    expect(groups.map((group) => group.label)).toEqual(['Missing featured images', 'Slow page']);
    expect(groups[1]?.about).toBe('');
  });

  it('is empty when nothing is wrong (the all-clear)', () => {
    expect(groupHealthIssues([])).toEqual([]);
  });
});

describe('reading site_health rows', () => {
  it('keeps only fix paths inside the admin', () => {
    expect(issue({ fix_path: '/admin/pages' }).fixPath).toBe('/admin/pages');
    expect(issue({ fix_path: 'https://evil.example/admin/' }).fixPath).toBeNull();
    expect(issue({ fix_path: null }).fixPath).toBeNull();
  });

  it('reads an unknown severity as a warning, a missing label as the source id, and drops a row without a kind', () => {
    expect(issue({ severity: 'fatal' }).severity).toBe('warning');
    expect(issue({ source_label: null, source_id: 'wp-7' }).sourceLabel).toBe('wp-7');
    expect(toHealthIssue(healthRow({ kind: null }))).toBeNull();
  });

  it('reads the summary defensively', () => {
    expect(toHealthSummary({ last_run: '2026-12-05T09:00:00Z', links_checked: 140, pending: 12 })).toEqual({
      lastRun: '2026-12-05T09:00:00Z',
      linksChecked: 140,
      pending: 12,
    });
    expect(toHealthSummary({ last_run: null })).toEqual({ lastRun: null, linksChecked: 0, pending: 0 });
    expect(toHealthSummary(null)).toEqual({ lastRun: null, linksChecked: 0, pending: 0 });
  });
});
