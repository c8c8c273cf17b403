import { Link } from 'react-router';
import { ArrowRightIcon, ClockIcon } from '@/components/ui/icons';
import type { BlogListItem } from '@/data/blog/types';
import { archivePathOf } from '@/lib/taxonomy-slug';
import { formatPostDate, formatReadTime } from './post-dates';
import './post-card.css';

interface PostCardProps {
  post: BlogListItem;
  /** The list's prefix of a title's id (`<prefix>-<post id>`), which labels the card. */
  idPrefix: string;
  /** 2 on a page of posts (/blog, archives), 3 in a section under its own h2 (related posts). */
  headingLevel: 2 | 3;
}

/**
 * One post as a card (the blog list, the archives, related posts): its category badge (a link
 * to the category's archive), read time, title, description, date and a Read More link.
 */
export function PostCard({ post, idPrefix, headingLevel }: PostCardProps) {
  const titleId = `${idPrefix}-${post.id}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const categoryPath = archivePathOf('category', post.category);
  return (
    <li className="card blog-card">
      <article aria-labelledby={titleId} className="blog-card__inner">
        <div className="blog-card__meta">
          {categoryPath ? (
            <Link to={categoryPath} className="badge badge--quiet">
              <span className="visually-hidden">Category:</span> {post.category}
            </Link>
          ) : (
            <span className="badge badge--quiet">{post.category}</span>
          )}
          <span className="blog-card__read-time">
            <ClockIcon size={16} />
            {formatReadTime(post.read_time)}
          </span>
        </div>
        <Heading id={titleId} className="card__title">
          {post.title}
        </Heading>
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

/** Posts as a grid of cards, three a row on wide screens. */
export function PostCardGrid({
  posts,
  idPrefix,
  headingLevel,
}: {
  posts: readonly BlogListItem[];
  idPrefix: string;
  headingLevel: 2 | 3;
}) {
  return (
    <ul className="card-grid card-grid--3 blog-grid">
      {posts.map((post) => (
        <PostCard key={post.id} post={post} idPrefix={idPrefix} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
