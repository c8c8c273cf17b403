import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RELATED_POSTS_COUNT, RELATED_POSTS_RESOURCE, relatedPostsQuery } from '@/data/blog/related-posts-query';
import type { RelatedPost } from '@/data/blog/types';
import { withQueryProvider } from '@/lib/query-client';
import { useInitialResource } from '@/lib/render-context';
import { PostCardGrid } from './post-card';
import './related-posts.css';

function RelatedPostsSection({ slug }: { slug: string }) {
  const embedded = useInitialResource(RELATED_POSTS_RESOURCE) as RelatedPost[] | undefined;
  const { data: posts, error } = useQuery({ ...relatedPostsQuery(slug), initialData: () => embedded });

  useEffect(() => {
    if (error) console.error('Related posts:', error);
  }, [error]);

  // Loading, failed or none: nothing, so the page never shifts under the reader for a section
  // that may stay empty.
  if (!posts || posts.length === 0) return null;
  return (
    <section className="related-posts" aria-labelledby="related-posts-title">
      <div className="container">
        <h2 id="related-posts-title" className="related-posts__title">
          Related articles
        </h2>
        <PostCardGrid posts={posts.slice(0, RELATED_POSTS_COUNT)} idPrefix="related" headingLevel={3} />
      </div>
    </section>
  );
}

/**
 * "Related articles" under a post or a hand-made article (/blog/{slug}): three cards of the
 * posts closest to it (shared tags and category, then similar words); hidden when there is none.
 */
export const RelatedPosts = withQueryProvider(RelatedPostsSection);
