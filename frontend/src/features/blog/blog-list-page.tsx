import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ListingPage } from '@/components/layouts/listing-page';
import { PostCardGrid } from '@/components/blog/post-card';
import { withQueryProvider } from '@/lib/query-client';
import { useInitialResource } from '@/lib/render-context';
import { BLOG_POSTS_RESOURCE, blogListQuery } from './blog-list-query';
import type { BlogListItem } from '@/data/blog/types';
import { SAMPLE_POSTS } from './sample-posts';
import { PostCardSkeletons } from './post-text-skeleton';
import './blog.css';

function BlogList() {
  const embedded = useInitialResource(BLOG_POSTS_RESOURCE) as BlogListItem[] | undefined;
  const { data, isPending, isError, error } = useQuery({
    ...blogListQuery,
    initialData: () => embedded,
  });

  useEffect(() => {
    if (isError) console.error('Blog posts failed to load; showing sample posts.', error);
  }, [isError, error]);

  const posts = isError ? SAMPLE_POSTS : data;

  return (
    <ListingPage
      eyebrow="Blog"
      title="Insights for HME/DME billing teams"
      subtitle="Claims, compliance, prior authorization and revenue-cycle practice from the people who work DME claims every day."
      label="Blog posts"
      items={posts}
      isPending={isPending}
      loading={<PostCardSkeletons />}
      list={(items) => <PostCardGrid posts={items} idPrefix="post" headingLevel={2} />}
      empty={<p className="blog-empty">No posts yet. Check back soon.</p>}
    />
  );
}

/** /blog: published posts; four skeleton cards while loading; sample posts if loading fails. */
export const BlogListPage = withQueryProvider(BlogList);
