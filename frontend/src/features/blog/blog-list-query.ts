import { queryOptions } from '@tanstack/react-query';
import type { BlogListItem } from '@/data/blog/types';
import { blogKeys } from '@/data/blog/keys';

/** Name of the published list in a server-rendered page's embedded data. */
export const BLOG_POSTS_RESOURCE = 'blogPosts';

/**
 * The longest wait for the list: past it the page shows the sample posts (spec §8 "Blog list
 * load failure"), within 3 s of the click with the page's code to load first. One attempt, no
 * retries (the client's own retries on network errors and react-query's added up to 15 s of
 * "Loading posts…").
 */
export const BLOG_LIST_TIMEOUT_MS = 2000;

/** Published posts, newest first (spec §7 "Blog list (public)"). */
export const blogListQuery = queryOptions({
  queryKey: blogKeys.published,
  queryFn: async ({ signal }): Promise<BlogListItem[]> => {
    const { supabase } = await import('@/lib/supabase');
    const { data, error } = await supabase
      .from('blog_posts')
      .select('id,title,slug,description,category,read_time,created_at')
      .eq('published', true)
      .order('created_at', { ascending: false })
      .abortSignal(withTimeout(signal, BLOG_LIST_TIMEOUT_MS))
      .retry(false);
    if (error) throw new Error(`Blog posts failed to load: ${error.message}`);
    return data;
  },
  retry: false,
});

/** `signal`, also aborted after `ms`. */
function withTimeout(signal: AbortSignal, ms: number): AbortSignal {
  const controller = new AbortController();
  const abort = () => {
    controller.abort();
  };
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  setTimeout(abort, ms);
  return controller.signal;
}
