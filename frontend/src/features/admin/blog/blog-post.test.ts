import { describe, expect, it } from 'vitest';
import {
  EMPTY_BLOG_FORM,
  draftMissing,
  slugFromTitle,
  formToPayload,
  postStatus,
  postToForm,
  scheduleProblem,
  type BlogPost,
} from './blog-post';
import { fromLocalInput, toLocalInput } from '@/features/admin/shared/format-date';

describe('blog form values', () => {
  it('defaults read time to 5 and the option fields to their defaults', () => {
    expect(EMPTY_BLOG_FORM).toMatchObject({
      read_time: '5',
      published: false,
      twitter_card_type: 'summary_large_image',
      schema_type: 'BlogPosting',
    });
  });

  it('writes tags split on commas and blank optional fields as null', () => {
    const payload = formToPayload({
      ...EMPTY_BLOG_FORM,
      title: ' T ',
      slug: 's',
      category: 'c',
      description: 'd',
      tags: 'a, b,, c ',
      meta_title: '  ',
    });
    expect(payload.tags).toEqual(['a', 'b', 'c']);
    expect(payload.meta_title).toBeNull();
    expect(payload.title).toBe('T');
    expect(payload.read_time).toBe('5');
  });

  it('loads a post with empty optional fields as empty defaults', () => {
    const post = {
      ...formToPayload({ ...EMPTY_BLOG_FORM, title: 'T', tags: 'x, y' }),
      id: '1',
      author_id: null,
      created_at: '',
      updated_at: '',
    } satisfies BlogPost;
    const form = postToForm(post);
    expect(form.meta_title).toBe('');
    expect(form.author_name).toBe('');
    expect(form.tags).toBe('x, y');
  });
});

describe('scheduled publishing', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('round-trips a local input time through UTC', () => {
    const iso = fromLocalInput('2026-12-01T09:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso ?? '')).toBe('2026-12-01T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });

  it('writes publish_at only for a scheduled, published post', () => {
    const scheduled = { ...EMPTY_BLOG_FORM, published: true, schedule: true, publish_at: '2026-12-01T09:30' };
    expect(formToPayload(scheduled).publish_at).toBe(fromLocalInput('2026-12-01T09:30'));
    expect(formToPayload({ ...scheduled, schedule: false }).publish_at).toBeNull();
    expect(formToPayload({ ...scheduled, published: false }).publish_at).toBeNull();
  });

  it('says Draft, Scheduled with the time, or Published', () => {
    expect(postStatus({ published: false, publish_at: '2026-12-01T00:00:00Z' }, now)).toEqual({ label: 'Draft' });
    expect(postStatus({ published: true, publish_at: '2026-12-01T00:00:00Z' }, now)).toEqual({
      label: 'Scheduled',
      at: '2026-12-01T00:00:00Z',
    });
    expect(postStatus({ published: true, publish_at: '2026-11-01T00:00:00Z' }, now)).toEqual({ label: 'Published' });
    expect(postStatus({ published: true, publish_at: null }, now)).toEqual({ label: 'Published' });
  });

  it('refuses a missing or past publish time', () => {
    const form = { published: true, schedule: true, publish_at: '' };
    expect(scheduleProblem(form, now)).toMatch(/Choose the date/);
    expect(scheduleProblem({ ...form, publish_at: '2020-01-01T00:00' }, now)).toMatch(/has passed/);
    expect(scheduleProblem({ ...form, publish_at: '2099-01-01T00:00' }, now)).toBeNull();
    expect(scheduleProblem({ ...form, schedule: false }, now)).toBeNull();
  });
});

describe('slugFromTitle', () => {
  it('makes an address the database accepts', () => {
    expect(slugFromTitle('Capped Rental: Month 13 & the KX Modifier')).toBe(
      'capped-rental-month-13-and-the-kx-modifier',
    );
    expect(slugFromTitle('  Résumé of CMN/DWO rules — 2026  ')).toBe('resume-of-cmn-dwo-rules-2026');
    expect(slugFromTitle('!!!')).toBe('');
    const long = slugFromTitle('Prior authorization '.repeat(10));
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('draftMissing', () => {
  it('names what a new draft needs before it can save itself', () => {
    const form = { title: '', slug: '', description: '', category: '' };
    expect(draftMissing(form)).toBe('a title, a web address, a description and a category');
    expect(draftMissing({ ...form, title: 'T', slug: 't', description: 'D' })).toBe('a category');
    expect(draftMissing({ ...form, title: 'T', slug: 't' })).toBe('a description and a category');
    expect(draftMissing({ title: 'T', slug: 't', description: 'D', category: '  ' })).toBe('a category');
    expect(draftMissing({ title: 'T', slug: 't', description: 'D', category: 'Billing' })).toBeNull();
  });
});
