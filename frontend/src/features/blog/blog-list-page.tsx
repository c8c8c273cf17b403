import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ListingPage } from '@/components/layouts/listing-page';
import { ArrowRightIcon, ClockIcon } from '@/components/ui/icons';
import { withQueryProvider } from '@/lib/query-client';
import { useInitialResource } from '@/lib/render-context';
import { BLOG_POSTS_RESOURCE, blogListQuery } from './blog-list-query';
import type { BlogListItem } from '@/data/blog/types';
import { formatPostDate, formatReadTime } from './dates';
import { SAMPLE_POSTS } from './sample-posts';
import { PostTextSkeleton } from './post-text-skeleton';
import './blog.css';

export const BLOG_SKELETON_COUNT = 4;

function PostCard({ post }: { post: BlogListItem }) {
  const titleId = `post-${post.id}`;
  return (
    <li className="card blog-card">
      <article aria-labelledby={titleId} className="blog-card__inner">
        <div className="blog-card__meta">
          <span className="badge badge--quiet">{post.category}</span>
          <span className="blog-card__read-time">
            <ClockIcon size={16} />
            {formatReadTime(post.read_time)}
          </span>
        </div>
        <h2 id={titleId} className="card__title">
          {post.title}
        </h2>
        <p className="card__text">{post.description}</p>
        <div className="card__footer blog-card__footer">
          <time dateTime={post.created_at} className="blog-card__date">
            {formatPostDate(post.created_at)}
          </time>
          <Link to={`/blog/${post.slug}`} className="text-link blog-card__more">
            Read More
            <span className="visually-hidden">: {post.title}</span>
            <ArrowRightIcon size={16} />
          </Link>
        </div>
      </article>
    </li>
  );
}

function SkeletonCard() {
  return (
    <li className="card blog-card blog-card--skeleton" aria-hidden="true">
      <PostTextSkeleton />
    </li>
  );
}

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
      loading={
        <ul className="card-grid card-grid--3 blog-grid" aria-busy="true">
          <li className="visually-hidden" role="status">
            Loading posts…
          </li>
          {Array.from({ length: BLOG_SKELETON_COUNT }, (_, index) => (
            <SkeletonCard key={index} />
          ))}
        </ul>
      }
      list={(items) => (
        <ul className="card-grid card-grid--3 blog-grid">
          {items.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </ul>
      )}
      empty={<p className="blog-empty">No posts yet. Check back soon.</p>}
    />
  );
}

/** /blog: published posts; four skeleton cards while loading; sample posts if loading fails. */
export const BlogListPage = withQueryProvider(BlogList);
