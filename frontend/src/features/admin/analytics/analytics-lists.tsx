import { useId } from 'react';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { formatDate } from '@/features/admin/shared/format-date';
import type { AnalyticsBreakdown } from './analytics-breakdown-query';
import { formatCount, formatDuration, formatPercent, sourceLabel } from './analytics-format';
import { AnalyticsTable } from './analytics-table';

const NOTHING = 'No page views in this range.';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A horizontal bar chart (each bar's width relative to the largest value), readable as a list. */
function BarChart({ title, data }: { title: string; data: readonly { label: string; views: number }[] }) {
  const id = useId();
  const max = Math.max(1, ...data.map((item) => item.views));
  return (
    <AdminCard titleId={id} title={title}>
      {data.length === 0 ? (
        <p className="admin-muted">{NOTHING}</p>
      ) : (
        <ul className="admin-bars">
          {data.map((item) => (
            <li key={item.label} className="admin-bars__row">
              <span className="admin-bars__label">{item.label}</span>
              <span className="admin-bars__track" aria-hidden="true">
                <span className="admin-bars__fill" style={{ width: `${(item.views / max) * 100}%` }} />
              </span>
              <span className="admin-bars__value">{formatCount(item.views)}</span>
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}

/** A folded list of what is counted apart, with how often and when it was last seen. */
function Apart({
  summary,
  column,
  rows,
}: {
  summary: string;
  column: string;
  rows: readonly { key: string; views: number; last_seen: string }[];
}) {
  return (
    <details className="analytics-fold">
      <summary>
        {summary} ({formatCount(rows.length)})
      </summary>
      {rows.length === 0 ? (
        <p className="admin-muted">None in this range.</p>
      ) : (
        <AnalyticsTable
          caption={summary}
          columns={[column, 'Views', 'Last seen']}
          rows={rows.map((row) => ({
            key: row.key,
            cells: [row.key, formatCount(row.views), formatDate(row.last_seen)],
          }))}
        />
      )}
    </details>
  );
}

/** The range's top pages and sources, devices and browsers, and what is counted apart. */
export function AnalyticsLists({ breakdown }: { breakdown: AnalyticsBreakdown }) {
  return (
    <>
      <AdminCard titleId="analytics-pages" title="Top pages">
        {breakdown.pages.length === 0 ? (
          <p className="admin-muted">{NOTHING}</p>
        ) : (
          <AnalyticsTable
            caption="The most viewed pages"
            columns={['Page', 'Views', 'Visitors', 'Avg. time on page', 'Avg. scroll depth']}
            rows={breakdown.pages.map((page) => ({
              key: page.path,
              cells: [
                page.path,
                formatCount(page.views),
                formatCount(page.visitors),
                formatDuration(page.avg_time_on_page),
                formatPercent(page.avg_scroll_depth),
              ],
            }))}
          />
        )}
      </AdminCard>
      <div className="admin-grid-2">
        <AdminCard titleId="analytics-sources" title="Top sources">
          {breakdown.sources.length === 0 ? (
            <p className="admin-muted">{NOTHING}</p>
          ) : (
            <AnalyticsTable
              caption="Where visitors came from"
              columns={['Source', 'Visitors', 'Views']}
              rows={breakdown.sources.map((source) => ({
                key: source.source,
                cells: [sourceLabel(source.source), formatCount(source.visitors), formatCount(source.views)],
              }))}
            />
          )}
        </AdminCard>
        <BarChart
          title="Devices"
          data={breakdown.devices.map((device) => ({ ...device, label: capitalized(device.label) }))}
        />
        <BarChart title="Browsers" data={breakdown.browsers} />
      </div>
      <AdminCard titleId="analytics-apart" title="Counted apart">
        <p className="admin-muted">
          Visits to pages that do not exist, and visits by bots and scripts, are left out of every number above.
        </p>
        <Apart
          summary="Pages not found"
          column="Page"
          rows={breakdown.not_found.map(({ path, ...seen }) => ({ key: path, ...seen }))}
        />
        <Apart
          summary="Bots and scripts"
          column="Name"
          rows={breakdown.bots.map(({ name, ...seen }) => ({ key: name, ...seen }))}
        />
      </AdminCard>
    </>
  );
}
