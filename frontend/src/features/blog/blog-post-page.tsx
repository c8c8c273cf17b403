import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { HeaderPlaceholder } from '@/components/layouts/page-header';
import { CalendarIcon } from '@/components/ui/marketing-icons';
import { ChipList } from '@/components/ui/chip-list';
import { company } from '@/config/company';
import { withQueryProvider } from '@/lib/query-client';
import { usePreloadImage, useInitialResource } from '@/lib/render-context';
import { ARTICLE_IMAGE_SIZES, responsiveContentImages, responsiveImage } from '@/lib/responsive-image';
import { BLOG_POST_RESOURCE, blogPostQuery } from './blog-post-query';
import type { BlogPost as BlogPostRow } from '@/data/blog/types';
import { formatPostDate, formatReadTime, postPublishedAt } from '@/components/blog/post-dates';
import { buildBlogPostHead } from './post-head';
import { PostTextSkeleton } from './post-text-skeleton';
import { sanitizeHtml } from '@/lib/sanitize-html';
import { notFoundHead, useNotFoundPage } from '@/lib/not-found-page';
import { useHead } from '@/lib/use-head';
import { ArticleHeader } from '@/components/article/article-layout';
import { RelatedPosts } from '@/components/blog/related-posts';
import { archivePathOf } from '@/lib/taxonomy-slug';
import '@/components/article/article.css';
import './blog.css';

function PostSkeleton() {
  return (
    <div className="blog-post blog-post--skeleton" aria-busy="true">
      <HeaderPlaceholder />
      <div className="container article__column">
        <p className="visually-hidden" role="status">
          Loading post…
        </p>
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--hero" />
        <PostTextSkeleton />
      </div>
    </div>
  );
}

export function PostNotFound() {
  useNotFoundPage();
  useHead(notFoundHead(company.name));
  return (
    <div className="status-page blog-not-found">
      <HeaderPlaceholder />
      <div className="container status-page__inner">
        <h1 className="status-page__title">Blog Post Not Found</h1>
        <p className="status-page__message">The blog post you're looking for doesn't exist or has been removed.</p>
        <Link to="/blog" className="button button--primary">
          Back to Blog
        </Link>
      </div>
    </div>
  );
}

export function PostView({ post }: { post: BlogPostRow }) {
  const html = useMemo(() => responsiveContentImages(sanitizeHtml(post.content)), [post.content]);
  const heroUrl = post.featured_image_url?.trim() || null;
  const hero = heroUrl ? responsiveImage(heroUrl, ARTICLE_IMAGE_SIZES) : null;
  // The featured image is the page's largest element: the head asks for it first.
  usePreloadImage(heroUrl ? { href: hero?.src ?? heroUrl, srcset: hero?.srcSet, sizes: hero?.sizes } : null);
  const lead = post.excerpt?.trim() || post.description;
  const tags = post.tags.filter((tag) => tag.trim() !== '');
  const author = post.author_name?.trim() || null;
  const authorPath = archivePathOf('author', author);
  const publishedAt = postPublishedAt(post);
  const published = formatPostDate(publishedAt);
  const updated = formatPostDate(post.updated_at);
  // Only a preview shows a post before its time: it says when the post will go live.
  const [openedAt] = useState(() => Date.now());
  const scheduledFor =
    post.publish_at && Date.parse(post.publish_at) > openedAt ? formatPostDate(post.publish_at) : null;

  return (
    <article className="article blog-post" aria-labelledby="article-title">
      <ArticleHeader category={post.category} readTime={formatReadTime(post.read_time)} title={post.title} lead={lead}>
        <div className="blog-post__byline">
          {author && (
            <p className="article__byline">By {authorPath ? <Link to={authorPath}>{author}</Link> : author}</p>
          )}
          <p className="article__meta-item">
            <CalendarIcon size={16} />
            {post.publish_at && scheduledFor ? (
              <span>
                Scheduled for <time dateTime={post.publish_at}>{scheduledFor}</time>
              </span>
            ) : (
              <span>
                Published on <time dateTime={publishedAt}>{published}</time>
              </span>
            )}
          </p>
        </div>
        {tags.length > 0 && (
          <ChipList
            label="Tags"
            items={tags}
            className="blog-post__tags"
            chipClassName="badge badge--quiet"
            itemHref={(tag) => archivePathOf('tag', tag)}
          />
        )}
      </ArticleHeader>

      <div className="container article__column">
        {heroUrl && (
          <img
            className="article__hero"
            src={hero?.src ?? heroUrl}
            srcSet={hero?.srcSet}
            sizes={hero?.sizes}
            alt={post.featured_image_alt?.trim() || post.title}
            width={1200}
            height={630}
            fetchPriority="high"
            decoding="async"
          />
        )}
        <div className="prose article__body" dangerouslySetInnerHTML={{ __html: html }} />
        <footer className="blog-post__footer">
          <p className="blog-post__updated">
            Last updated <time dateTime={post.updated_at}>{updated}</time>
          </p>
          <Link to="/blog" className="button button--secondary">
            View All Posts
          </Link>
        </footer>
      </div>
    </article>
  );
}

function BlogPost() {
  const { slug = '' } = useParams();
  const embedded = useInitialResource(BLOG_POST_RESOURCE) as BlogPostRow | null | undefined;
  const {
    data: post,
    isPending,
    isError,
    error,
  } = useQuery({
    ...blogPostQuery(slug),
    initialData: () => embedded,
  });

  useEffect(() => {
    if (isError) console.error(`Blog post "${slug}" could not be loaded:`, error);
  }, [isError, error, slug]);

  useHead(post ? buildBlogPostHead(post, { companyName: company.name, siteUrl: company.siteUrl }) : null);
  useEffect(() => {
    if (post) window.scrollTo(0, 0);
  }, [post]);

  if (isPending) return <PostSkeleton />;
  if (!post) return <PostNotFound />;
  return (
    <>
      <PostView post={post} />
      <RelatedPosts slug={post.slug} />
    </>
  );
}

/**
 * /blog/{slug}: a published post from the database, with the whole head rebuilt (spec §4), and
 * related posts under it.
 */
export const BlogPostPage = withQueryProvider(BlogPost);
