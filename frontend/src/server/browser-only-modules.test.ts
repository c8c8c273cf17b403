import { describe, expect, it } from 'vitest';
import DOMPurifyStandIn, { browserOnly, createClient } from './browser-only-modules';

describe('the server bundle’s stand-ins for browser-only libraries', () => {
  it('name the library when a call reaches them, at any depth', () => {
    const client = createClient() as unknown as {
      from: (table: string) => { select: () => unknown };
      auth: { getSession: () => unknown };
    };
    expect(() => client.from('blog_posts').select()).toThrow(
      'The Supabase client runs only in the browser: the server renders a page from the data it is given, without effects.',
    );
    expect(() => client.auth.getSession()).toThrow(/^The Supabase client runs only in the browser/);
    const purify = DOMPurifyStandIn as unknown as { sanitize: (html: string) => string };
    expect(() => purify.sanitize('<p>hi</p>')).toThrow(/^DOMPurify runs only in the browser/);
    const Widget = browserOnly('altcha') as unknown as new () => unknown;
    expect(() => new Widget()).toThrow(/^altcha runs only in the browser/);
  });

  it('can be made, passed around and awaited without throwing', async () => {
    const client: unknown = createClient();
    expect(typeof client).toBe('function');
    await expect(Promise.resolve(client)).resolves.toBe(client);
  });
});
