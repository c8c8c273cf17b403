import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { searchHref, SearchForm } from '@/components/search/search-form';
import { Pagination } from '@/components/ui/pagination';
import { company } from '@/config/company';
import type { SearchResult, SearchResultKind, SearchSuggestion, SiteSearchAnswer } from '@/data/search/types';
import { withQueryProvider } from '@/lib/query-client';
import { useInitialResource } from '@/lib/render-context';
import { archivePathOf } from '@/lib/taxonomy-slug';
import { useHead } from '@/lib/use-head';
import { HighlightedSnippet } from './highlighted-snippet';
import { POPULAR_TOPICS } from './popular-topics';
import { useRecordSearch } from './record-search';
import { buildSearchHead } from './search-head';
import {
  embeddedAnswerFor,
  readSearchRequest,
  searchPageCount,
  SITE_SEARCH_RESOURCE,
  siteSearchQuery,
  type SearchRequest,
} from './site-search-query';
import './search.css';

export const KIND_LABELS: Record<SearchResultKind, string> = {
  post: 'Article',
  article: 'Article',
  page: 'Page',
  whitepaper: 'Whitepaper',
};

/** Where the visitor may go when a search finds nothing. */
const NEXT_STEPS = [
  { to: '/blog', label: 'Read the blog' },
  { to: '/services', label: 'See our services' },
  { to: '/contact', label: 'Contact us' },
] as const;

/** A path on this site: results and suggestions link only there (never to another site or a script). */
const isSitePath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

/** "12 results for “prior auth”". */
export function resultCount(total: number, q: string): string {
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'} for “${q}”`;
}

/** Queries counted in this tab: a search is counted once, however often its pages are shown again. */
const countedQueries = new Set<string>();

/** Counts the search once its results are in (in the browser only: effects never run on the server). */
function useCountSearch(q: string, answer: SiteSearchAnswer | undefined) {
  const { mutate } = useRecordSearch();
  useEffect(() => {
    const key = q.toLowerCase().replace(/\s+/g, ' ');
    if (!answer || q === '' || answer.query.trim() !== q || countedQueries.has(key)) return;
    countedQueries.add(key);
    mutate({ q, results: answer.total });
  }, [q, answer, mutate]);
}

function ResultCard({ result, id }: { result: SearchResult; id: string }) {
  const text = result.snippet || result.description;
  return (
    <li className="card search-result">
      <article aria-labelledby={id}>
        <span className="badge badge--quiet">{KIND_LABELS[result.kind]}</span>
        <h2 id={id} className="search-result__title">
          {isSitePath(result.path) ? <Link to={result.path}>{result.title}</Link> : result.title}
        </h2>
        {text && (
          <p className="search-result__snippet">
            <HighlightedSnippet snippet={text} />
          </p>
        )}
        <p className="search-result__path">{result.path}</p>
      </article>
    </li>
  );
}

/** Before a query: what the search covers, and the blog's main subjects. */
function SearchIntro() {
  return (
    <div className="search-intro">
      <p className="search-intro__text">
        Search our articles, guides, whitepapers and service pages on HME/DME billing: claims, denials, prior
        authorization, documentation and days in A/R.
      </p>
      <h2 id="popular-topics-title" className="search-intro__title">
        Popular topics
      </h2>
      <ul className="plain-list search-topics" aria-labelledby="popular-topics-title">
        {POPULAR_TOPICS.map((name) => {
          const href = archivePathOf('category', name);
          return (
            href && (
              <li key={name}>
                <Link to={href} className="search-topic">
                  {name}
                </Link>
              </li>
            )
          );
        })}
      </ul>
    </div>
  );
}

/** Nothing found: the titles most like the query, then the main ways on. */
function NoResults({ suggestions }: { suggestions: SearchSuggestion[] }) {
  const links = suggestions.filter((suggestion) => isSitePath(suggestion.path));
  return (
    <div className="search-none">
      {links.length > 0 && (
        <div className="search-none__suggestions">
          <h2 className="search-none__title">Did you mean …</h2>
          <ul className="plain-list search-none__list">
            {links.map((suggestion) => (
              <li key={suggestion.path}>
                <Link to={suggestion.path}>{suggestion.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p>Try other or fewer words, or go on from here:</p>
      <ul className="plain-list search-none__next">
        {NEXT_STEPS.map((step) => (
          <li key={step.to}>
            <Link to={step.to} className="button button--secondary">
              {step.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A failed search: the database's own words when it refused the query, else a general note. */
function failureMessage(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '22023' && typeof message === 'string'
    ? message
    : 'The search is not available right now. Please try again in a moment.';
}

function SearchResults({ request }: { request: SearchRequest }) {
  const embedded = embeddedAnswerFor(useInitialResource(SITE_SEARCH_RESOURCE), request);
  const { data, isPending, isError, error } = useQuery({
    ...siteSearchQuery(request),
    initialData: () => embedded,
  });
  useCountSearch(request.q, data);

  let status: string;
  let body = null;
  if (isError) {
    status = failureMessage(error);
  } else if (isPending) {
    status = 'Searching…';
  } else if (data.total === 0) {
    status = `No results for “${request.q}”`;
    body = <NoResults suggestions={data.suggestions} />;
  } else {
    status = resultCount(data.total, request.q);
    body =
      data.results.length > 0 ? (
        <>
          <ol className="plain-list search-results">
            {data.results.map((result, index) => (
              <ResultCard key={result.path} result={result} id={`search-result-${index}`} />
            ))}
          </ol>
          <Pagination
            label="Search results pages"
            page={data.page}
            pageCount={searchPageCount(data.total, data.page_size)}
            href={(target) => searchHref(request.q, target)}
          />
        </>
      ) : (
        <p className="search-past-end">
          This page is past the last result. <Link to={searchHref(request.q)}>Back to the first page</Link>
        </p>
      );
  }

  return (
    <>
      <p className="search-status" role="status">
        {status}
      </p>
      {body}
    </>
  );
}

/**
 * /search?q=…&page=…: the site's posts, articles, whitepapers and pages that match, ten a page,
 * each with its matches highlighted; before a query, the popular topics; when nothing matches,
 * the titles closest to the query. The server renders it with the answer embedded.
 */
function Search() {
  const [params] = useSearchParams();
  const request = readSearchRequest(params);
  useHead(buildSearchHead(request.q, { companyName: company.name, siteUrl: company.siteUrl }));

  return (
    <>
      <PageHeader title="Search">
        {/* Keyed by the query: a search from the header shows its words here too. */}
        <SearchForm key={request.q} id="search-page-q" defaultQuery={request.q} className="search-form--page" />
      </PageHeader>
      <section className="section search-page" aria-label={request.q === '' ? 'About the search' : 'Search results'}>
        <div className="container">{request.q === '' ? <SearchIntro /> : <SearchResults request={request} />}</div>
      </section>
    </>
  );
}

export const SearchPage = withQueryProvider(Search);
