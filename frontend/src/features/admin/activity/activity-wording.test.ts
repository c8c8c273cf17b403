import { describe, expect, it } from 'vitest';
import {
  actionWording,
  activityActor,
  activityItem,
  dateRange,
  humanize,
  shortSession,
  sortActions,
} from './activity-wording';

describe('activity wording', () => {
  it.each([
    ['sign_in', 'Signed in'],
    ['sign_in_failed', 'Wrong passcode'],
    ['sign_in_locked', 'Locked out (too many attempts)'],
    ['save', 'Saved'],
    ['restore', 'Restored'],
    ['schedule', 'Scheduled'],
    ['preview_create', 'Preview link created'],
    ['lead_update', 'Lead updated'],
    ['staff_invite', 'Staff member invited'],
    ['staff_role', 'Role changed'],
    ['staff_deactivate', 'Staff member deactivated'],
  ])('names the action %s "%s"', (action, wording) => {
    expect(actionWording(action)).toBe(wording);
  });

  it('reads unknown actions as words', () => {
    expect(actionWording('webhook_retry')).toBe('Webhook retry');
    expect(humanize('__')).toBe('__');
  });

  it('orders the filter: known actions first as usual, then others alphabetically, once each', () => {
    expect(sortActions(['zeta_thing', 'save', 'alpha_thing', 'sign_in', 'save', 'sign_out'])).toEqual([
      'sign_in',
      'sign_out',
      'save',
      'alpha_thing',
      'zeta_thing',
    ]);
  });

  it('names the item and links it to its admin page when there is one', () => {
    expect(
      activityItem({ action: 'save', entity: 'blog_post', summary: 'Capped rental billing', details: {} }),
    ).toEqual({ kind: 'Blog post', name: 'Capped rental billing', to: '/admin/blog' });
    expect(activityItem({ action: 'save', entity: 'page_content', summary: '/about', details: {} })).toEqual({
      kind: 'Page content',
      name: '/about',
      to: '/admin/content',
    });
    expect(
      activityItem({ action: 'lead_update', entity: 'contact_lead', summary: 'a@b.co: note edited', details: {} }).to,
    ).toBe('/admin/leads');
    expect(activityItem({ action: 'sync', entity: 'crm_record', summary: 'x', details: {} })).toEqual({
      kind: 'Crm record',
      name: 'x',
      to: null,
    });
    expect(activityItem({ action: 'sign_out', entity: null, summary: '', details: {} }).kind).toBeNull();
    const scheduled = activityItem({
      action: 'schedule',
      entity: 'blog_post',
      summary: 'Monday post',
      details: { publish_at: '2099-01-05T09:00:00Z' },
    });
    expect(scheduled.name).toMatch(/^Monday post \(for Jan \d, 2099, /);
  });

  it('names who did it: the person (with their email), the passcode, or the server', () => {
    expect(activityActor({ actor_id: 'b1', actor_name: 'Dana Ortiz', actor_email: 'dana@example.com' })).toEqual({
      name: 'Dana Ortiz',
      email: 'dana@example.com',
    });
    expect(activityActor({ actor_id: null, actor_name: 'passcode', actor_email: null })).toEqual({
      name: 'Passcode',
      email: null,
    });
    expect(activityActor({ actor_id: null, actor_name: 'the-server', actor_email: null })).toEqual({
      name: 'System',
      email: null,
    });
    expect(activityActor({ actor_id: 'b2', actor_name: null, actor_email: 'sam@example.com' })).toEqual({
      name: 'sam@example.com',
      email: null,
    });
    expect(
      activityActor({ actor_id: 'b2', actor_name: 'sam@example.com', actor_email: 'sam@example.com' }).email,
    ).toBeNull();
    expect(activityActor({ actor_id: null, actor_name: null, actor_email: null }).name).toBe('Unknown');
  });

  it('links staff entries to the Staff page', () => {
    expect(
      activityItem({ action: 'staff_role', entity: 'staff', summary: 'Dana Ortiz: author → editor', details: {} }),
    ).toEqual({ kind: 'Staff member', name: 'Dana Ortiz: author → editor', to: '/admin/staff' });
  });

  it("links redirects and archives' SEO to their pages, named as the database logs them", () => {
    // row_activity('redirect', 'source_path') (20261206000700_redirects.sql).
    expect(activityItem({ action: 'create', entity: 'redirect', summary: '/old-pricing', details: {} })).toEqual({
      kind: 'Redirect',
      name: '/old-pricing',
      to: '/admin/redirects',
    });
    expect(['create', 'save', 'delete'].map(actionWording)).toEqual(['Created', 'Saved', 'Deleted']);
    // blog_taxonomy_seo_activity() (20261206000600_discovery.sql).
    expect(
      activityItem({ action: 'save', entity: 'blog_taxonomy', summary: 'Category: Prior Authorization', details: {} }),
    ).toEqual({ kind: 'Archive SEO', name: 'Category: Prior Authorization', to: '/admin/taxonomies' });
  });

  it('shortens sessions', () => {
    expect(shortSession('5b8f1f9e-1c35-4a52-9a3c-0f5d2b8e7a11')).toBe('5b8f1f9e');
    expect(shortSession(null)).toBe('—');
  });

  it('turns the date filters into a local-day range, and refuses one that ends before it starts', () => {
    const range = dateRange({ from: '2026-03-01', to: '2026-03-31' });
    expect(range).toEqual({
      since: new Date(2026, 2, 1).toISOString(),
      until: new Date(2026, 3, 1).toISOString(),
    });
    expect(dateRange({ from: '', to: '' })).toEqual({ since: null, until: null });
    expect(dateRange({ from: '2026-03-02', to: '' })).toEqual({
      since: new Date(2026, 2, 2).toISOString(),
      until: null,
    });
    // One day: from its start to the next day's.
    expect(dateRange({ from: '2026-03-02', to: '2026-03-02' })).toEqual({
      since: new Date(2026, 2, 2).toISOString(),
      until: new Date(2026, 2, 3).toISOString(),
    });
    expect(dateRange({ from: '2026-03-05', to: '2026-03-02' })).toEqual({
      error: 'The start date is after the end date.',
    });
    expect(dateRange({ from: 'yesterday', to: '' })).toEqual({ error: 'The start date is not a valid date.' });
    expect(dateRange({ from: '', to: '2026-02-30' })).toEqual({ error: 'The end date is not a valid date.' });
    // The last day of a year runs to the first of the next.
    expect(dateRange({ from: '', to: '2026-12-31' })).toEqual({
      since: null,
      until: new Date(2027, 0, 1).toISOString(),
    });
  });
});
