import { describe, expect, it } from 'vitest';
import { EMPTY_BLOG_FORM, formToPayload, postToForm, type BlogPost } from './blog-post';

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
      created_at: '',
      updated_at: '',
    } satisfies BlogPost;
    const form = postToForm(post);
    expect(form.meta_title).toBe('');
    expect(form.author_name).toBe('');
    expect(form.tags).toBe('x, y');
  });
});
