import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SearchForm } from '@/components/search/search-form';
import type { PopularPost } from '@/data/search/types';
import { withQueryProvider } from '@/lib/query-client';
import { useInitialResource } from '@/lib/render-context';
import { POPULAR_POSTS_RESOURCE, popularPostsQuery } from './popular-posts-query';
import './search.css';

/** The site's main sections, in the order of the navigation. */
export const MAIN_SECTIONS = [
  { to: '/services', label: 'Services' },
  { to: '/rcm-services', label: 'RCM Services' },
  { to: '/blog', label: 'Blog' },
  { to: '/whitepapers', label: 'Whitepapers' },
  { to: '/contact', label: 'Contact' },
] as const;

/**
 * The most read posts, from the page's embedded data when the server rendered it; nothing while
 * they load, when there are none or when they cannot be loaded (it comes last, so showing up
 * later moves nothing).
 */
function PopularArticles() {
  const embedded = useInitialResource(POPULAR_POSTS_RESOURCE);
  const { data } = useQuery({
    ...popularPostsQuery,
    initialData: () => (Array.isArray(embedded) ? (embedded as PopularPost[]) : undefined),
  });
  if (!data || data.length === 0) return null;
  return (
    <section className="search-help__popular" aria-labelledby="popular-articles-title">
      <h2 id="popular-articles-title" className="search-help__title">
        Popular articles
      </h2>
      <ul className="card-grid search-help__articles">
        {data.map((post) => (
          <li key={post.slug} className="card search-help__article">
            <Link to={`/blog/${post.slug}`} className="search-help__article-title">
              {post.title}
            </Link>
            {post.description && <p className="card__text">{post.description}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Where to go from a page that is not there: a search, the main sections and the most read
 * articles (the not-found page shows it under its own texts).
 */
function Help() {
  return (
    <div className="container search-help">
      <SearchForm id="not-found-q" label="Search the site" className="search-form--page" />
      <nav className="search-help__sections" aria-labelledby="main-sections-title">
        <h2 id="main-sections-title" className="search-help__title">
          Main sections
        </h2>
        <ul className="plain-list search-help__links">
          {MAIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <Link to={section.to} className="button button--secondary">
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <PopularArticles />
    </div>
  );
}

export const SearchHelp = withQueryProvider(Help);
