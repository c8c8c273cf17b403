/**
 * What the server bundle gets in place of the libraries that only the browser runs (vite.config.ts
 * maps them here for `vite build --ssr`): the Supabase client, the captcha widget and DOMPurify.
 * A page is rendered from the data it is given, its effects never run on the server, and the
 * server sanitises with its own sanitiser, so none of them is called while rendering; leaving
 * them out keeps over a third of the bundle (about 200 kB of supabase-js, 84 kB of altcha, 29 kB
 * of DOMPurify) out of every engine's memory. Should a render ever reach for one, it fails with a
 * message naming the library instead of an undefined property.
 */

const BROWSER_ONLY = 'runs only in the browser: the server renders a page from the data it is given, without effects';

/**
 * A stand-in whose every member is another stand-in and which throws when called, so a call
 * at any depth (`client.from('posts').select()`, `DOMPurify.sanitize(html)`) names the library.
 * `then` stays undefined, so awaiting one does not throw.
 */
export function browserOnly(library: string): never {
  const standIn: unknown = new Proxy(function browserOnlyCall() {}, {
    get: (_target, property) => (property === 'then' ? undefined : standIn),
    apply: () => {
      throw new Error(`${library} ${BROWSER_ONLY}.`);
    },
    construct: () => {
      throw new Error(`${library} ${BROWSER_ONLY}.`);
    },
  });
  return standIn as never;
}

/** `@supabase/supabase-js`: lib/supabase.ts makes its clients when it loads. */
export function createClient(): never {
  return browserOnly('The Supabase client');
}

/** `dompurify` (lib/sanitize-html.ts sanitises with the server's sanitiser when rendering). */
export default browserOnly('DOMPurify');
