import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { formatCount } from './analytics-format';
import type { AnalyticsRange } from './analytics-range';
import { AnalyticsTable } from './analytics-table';
import { searchStatsQuery } from './search-stats-query';

/** A query as typed, with a link that runs it on the site (to see what visitors saw). */
function QueryLink({ query }: { query: string }) {
  return (
    <a href={`/search?q=${encodeURIComponent(query)}`} target="_blank" rel="noreferrer" className="analytics-query">
      {query}
      <span className="visually-hidden"> (opens the search in a new tab)</span>
    </a>
  );
}

/**
 * Site search over the range: the most searched queries, and those that found nothing (content
 * visitors want and the site does not have, or words it should use). Counted without anything
 * personal: the database keeps queries per day only.
 */
export function SiteSearchCard({ range }: { range: AnalyticsRange }) {
  // A new range keeps the lists on screen until the new ones come.
  const stats = useQuery({ ...searchStatsQuery(range), placeholderData: keepPreviousData });

  let content;
  if (stats.isError) {
    content = (
      <p className="admin-error" role="alert">
        Searches could not be loaded: {errorMessage(stats.error)}
      </p>
    );
  } else if (!stats.data) {
    content = <AdminLoading>Loading searches...</AdminLoading>;
  } else {
    const { top, noResults } = stats.data;
    content = (
      <div className="admin-grid-2 analytics-search">
        <div>
          <h3 className="analytics-search__title">Top searches</h3>
          {top.length === 0 ? (
            <p className="admin-muted">No searches in this range.</p>
          ) : (
            <AnalyticsTable
              caption="The most searched queries"
              columns={['Query', 'Searches', 'No results']}
              rows={top.map((term) => ({
                key: term.query,
                cells: [
                  <QueryLink key="query" query={term.query} />,
                  formatCount(term.searches),
                  formatCount(term.noResults),
                ],
              }))}
            />
          )}
        </div>
        <div>
          <h3 className="analytics-search__title">Searches with no results</h3>
          {noResults.length === 0 ? (
            <p className="admin-muted">Every search in this range found something.</p>
          ) : (
            <AnalyticsTable
              caption="Queries that found nothing, most searched first"
              columns={['Query', 'Searches']}
              rows={noResults.map((term) => ({
                key: term.query,
                cells: [<QueryLink key="query" query={term.query} />, formatCount(term.noResults)],
              }))}
            />
          )}
        </div>
      </div>
    );
  }

  return (
    <AdminCard titleId="analytics-search" title="Site search">
      <p className="admin-muted analytics-search__about">
        What visitors typed into the search box. Queries with no results show content people want that the site does not
        have, or words it should use.
      </p>
      {content}
    </AdminCard>
  );
}
