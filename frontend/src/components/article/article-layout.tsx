import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HeaderPlaceholder } from '@/components/layouts/page-header';
import { ClockIcon } from '@/components/ui/icons';
import { ArrowLeftIcon, CalendarIcon } from '@/components/ui/marketing-icons';
import { formatIsoDateLong } from '@/lib/dates';
import { usePreloadImage } from '@/lib/render-context';
import { archivePathOf } from '@/lib/taxonomy-slug';
import type { ArticleMeta } from './article-meta';
import './article.css';

interface ArticleHeaderProps {
  category: string;
  readTime: string;
  /** Meta items after the read time (e.g. the publication date). */
  moreMeta?: ReactNode;
  title: string;
  lead: string;
  /** Under the lead: byline, dates, tags. */
  children?: ReactNode;
}

/**
 * The top of every article page, static or stored: back link, category (a link to its
 * archive), read time, title, lead.
 */
export function ArticleHeader({ category, readTime, moreMeta, title, lead, children }: ArticleHeaderProps) {
  const categoryPath = archivePathOf('category', category);
  return (
    <div className="article__header">
      <HeaderPlaceholder />
      <div className="container article__column">
        <Link to="/blog" className="article__back">
          <ArrowLeftIcon size={18} />
          Back to Blog
        </Link>
        <div className="article__meta">
          {categoryPath ? (
            <Link to={categoryPath} className="badge">
              <span className="visually-hidden">Category:</span> {category}
            </Link>
          ) : (
            <span className="badge">{category}</span>
          )}
          <span className="article__meta-item">
            <ClockIcon size={16} />
            {readTime}
          </span>
          {moreMeta}
        </div>
        <h1 id="article-title" className="article__title">
          {title}
        </h1>
        <p className="article__lead">{lead}</p>
        {children}
      </div>
    </div>
  );
}

interface ArticleLayoutProps {
  meta: ArticleMeta;
  /** The body's HTML: a static article's source (features/articles/bodies), from the repository. */
  body: string;
  /** The closing call to action (see ArticleCta). */
  cta: ReactNode;
}

/** Shared frame of the static articles: back link, badge, read time, hero image, body, call to action. */
export function ArticleLayout({ meta, body, cta }: ArticleLayoutProps) {
  // The hero is the page's largest element: the head asks for it first.
  usePreloadImage({ href: meta.hero.src });
  return (
    <article className="article" aria-labelledby="article-title">
      <ArticleHeader
        category={meta.category}
        readTime={`${meta.readTime} min read`}
        moreMeta={
          <span className="article__meta-item">
            <CalendarIcon size={16} />
            <time dateTime={meta.publishedOn}>{formatIsoDateLong(meta.publishedOn)}</time>
          </span>
        }
        title={meta.title}
        lead={meta.description}
      >
        <p className="article__byline">By {meta.author}</p>
      </ArticleHeader>

      <div className="container article__column">
        <img
          className="article__hero"
          src={meta.hero.src}
          alt={meta.hero.alt}
          width={meta.hero.width}
          height={meta.hero.height}
          fetchPriority="high"
          decoding="async"
        />
        <div className="prose article__body" dangerouslySetInnerHTML={{ __html: body }} />
        {cta}
      </div>
    </article>
  );
}

interface ArticleCtaProps {
  title: string;
  text: string;
  action: ReactNode;
}

/** The closing call to action of an article. */
export function ArticleCta({ title, text, action }: ArticleCtaProps) {
  return (
    <aside className="article-cta" aria-labelledby="article-cta-title">
      <h2 id="article-cta-title" className="article-cta__title">
        {title}
      </h2>
      <p className="article-cta__text">{text}</p>
      <div className="article-cta__actions">{action}</div>
    </aside>
  );
}
