import { describe, expect, it } from 'vitest';
import {
  dayRangeProblem,
  formatConversion,
  routeFromName,
  routeProblem,
  scheduleProblem,
  sitePageStatus,
} from './site-page-status';

const NOW = Date.parse('2026-12-06T12:00:00Z');

describe('site page status', () => {
  it('says draft, scheduled or live', () => {
    expect(sitePageStatus({ published: false, publish_at: null }, NOW)).toEqual({ label: 'Draft' });
    expect(sitePageStatus({ published: false, publish_at: '2027-01-01T00:00:00Z' }, NOW)).toEqual({ label: 'Draft' });
    expect(sitePageStatus({ published: true, publish_at: null }, NOW)).toEqual({ label: 'Live' });
    expect(sitePageStatus({ published: true, publish_at: '2026-12-01T00:00:00Z' }, NOW)).toEqual({ label: 'Live' });
    expect(sitePageStatus({ published: true, publish_at: '2026-12-07T00:00:00Z' }, NOW)).toEqual({
      label: 'Scheduled',
      at: '2026-12-07T00:00:00Z',
    });
  });

  it('checks a route’s form as the database does', () => {
    for (const route of ['/', '/webinar', '/offers/spring-webinar-2027']) expect(routeProblem(route)).toBeNull();
    for (const route of ['', 'webinar', '/Webinar', '/a--b', '/a/', '//x', '/a.html', `/${'a'.repeat(120)}`]) {
      expect(routeProblem(route)).not.toBeNull();
    }
  });

  it('makes a route from a name', () => {
    expect(routeFromName('Spring Webinar & Q&A')).toBe('/spring-webinar-and-q-and-a');
    expect(routeFromName('Café  2027!')).toBe('/cafe-2027');
    expect(routeProblem(routeFromName('Spring Webinar'))).toBeNull();
  });

  it('refuses a schedule in the past or unset', () => {
    expect(scheduleProblem('', NOW)).toMatch(/Choose the date/);
    expect(scheduleProblem('2020-01-01T10:00', NOW)).toMatch(/has passed/);
    expect(scheduleProblem('2999-01-01T10:00', NOW)).toBeNull();
  });

  it('checks the figures’ range and formats conversion', () => {
    expect(dayRangeProblem({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(dayRangeProblem({ from: '2026-11-30', to: '2026-11-01' })).toMatch(/before/);
    expect(dayRangeProblem({ from: '2020-01-01', to: '2026-11-01' })).toMatch(/two years/);
    expect(formatConversion(3, 0)).toBe('—');
    expect(formatConversion(1, 40)).toBe('2.5%');
    expect(formatConversion(3, 20)).toBe('15%');
  });
});
