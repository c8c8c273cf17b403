import { describe, expect, it } from 'vitest';
import { periodStart, referrerLabel, summarize, type AnalyticsRow } from './analytics-summary';

const row = (overrides: Partial<AnalyticsRow>): AnalyticsRow => ({
  session_id: 'session_1_a',
  page_path: '/',
  referrer: null,
  device_type: 'desktop',
  browser: 'Chrome',
  visited_at: '2026-01-01T00:00:00Z',
  time_on_page: 0,
  scroll_depth: 0,
  ...overrides,
});

describe('summarize', () => {
  it('aggregates per page, most viewed first', () => {
    const summary = summarize([
      row({ page_path: '/a', time_on_page: 10, scroll_depth: 50 }),
      row({ page_path: '/a', session_id: 'session_2_b', time_on_page: 21, scroll_depth: 100 }),
      row({ page_path: '/b', time_on_page: 4, scroll_depth: 20 }),
    ]);
    expect(summary.views).toBe(3);
    expect(summary.sessions).toBe(2);
    expect(summary.pages).toEqual([
      { path: '/a', views: 2, sessions: 2, avgTimeOnPage: 16, avgScrollDepth: 75 },
      { path: '/b', views: 1, sessions: 1, avgTimeOnPage: 4, avgScrollDepth: 20 },
    ]);
  });

  it('counts referrers by host, devices and browsers', () => {
    const summary = summarize([
      row({ referrer: 'https://www.google.com/search?q=x', device_type: 'mobile', browser: 'Safari' }),
      row({ referrer: 'https://www.google.com/', device_type: 'mobile' }),
      row({ referrer: '' }),
    ]);
    expect(summary.referrers).toEqual([
      { label: 'www.google.com', count: 2 },
      { label: 'Direct', count: 1 },
    ]);
    expect(summary.devices).toEqual([
      { label: 'mobile', count: 2 },
      { label: 'desktop', count: 1 },
    ]);
    expect(summary.browsers[0]).toEqual({ label: 'Chrome', count: 2 });
  });

  it('is all zeros without rows', () => {
    expect(summarize([])).toMatchObject({ views: 0, sessions: 0, avgTimeOnPage: 0, avgScrollDepth: 0, pages: [] });
  });
});

describe('helpers', () => {
  it('labels referrers', () => {
    expect(referrerLabel(null)).toBe('Direct');
    expect(referrerLabel('not a url')).toBe('not a url');
  });

  it('computes the period start', () => {
    expect(periodStart(7, new Date('2026-01-08T00:00:00Z'))).toBe('2026-01-01T00:00:00.000Z');
  });
});
