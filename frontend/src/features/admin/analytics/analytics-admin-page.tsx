import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { analyticsQuery } from './analytics-query';
import { AdminSelectField, type SelectOption } from '@/features/admin/shared/admin-select-field';
import { PERIODS, summarize, type Count } from './analytics-summary';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminTable } from '@/features/admin/shared/admin-table';

const PERIOD_OPTIONS: readonly SelectOption<number>[] = PERIODS.map((period) => [period.days, period.label]);

/** A horizontal bar chart (each bar's width relative to the largest value), readable as a list. */
function BarChart({ title, data, unit = '' }: { title: string; data: readonly Count[]; unit?: string }) {
  const id = useId();
  const max = Math.max(1, ...data.map((item) => item.count));
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      {data.length === 0 ? (
        <p className="admin-muted">No data for this period.</p>
      ) : (
        <ul className="admin-bars">
          {data.map((item) => (
            <li key={item.label} className="admin-bars__row">
              <span className="admin-bars__label">{item.label}</span>
              <span className="admin-bars__track" aria-hidden="true">
                <span className="admin-bars__fill" style={{ width: `${(item.count / max) * 100}%` }} />
              </span>
              <span className="admin-bars__value">
                {item.count}
                {unit}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function AnalyticsAdminPage() {
  const [days, setDays] = useState<number>(30);
  const analytics = useQuery(analyticsQuery(days));
  const summary = summarize(analytics.data ?? []);

  return (
    <div className="admin-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Analytics</h1>
        <AdminSelectField
          id="analytics-period"
          label="Period"
          value={days}
          options={PERIOD_OPTIONS}
          onChange={setDays}
        />
      </div>
      {analytics.isPending ? (
        <AdminLoading>Loading analytics...</AdminLoading>
      ) : analytics.isError ? (
        <p className="admin-error" role="alert">
          Analytics could not be loaded: {errorMessage(analytics.error)}
        </p>
      ) : (
        <>
          <dl className="admin-stats">
            <div className="admin-card">
              <dt>Page views</dt>
              <dd>{summary.views}</dd>
            </div>
            <div className="admin-card">
              <dt>Sessions</dt>
              <dd>{summary.sessions}</dd>
            </div>
            <div className="admin-card">
              <dt>Avg. time on page</dt>
              <dd>{summary.avgTimeOnPage}s</dd>
            </div>
            <div className="admin-card">
              <dt>Avg. scroll depth</dt>
              <dd>{summary.avgScrollDepth}%</dd>
            </div>
          </dl>
          <section className="admin-card" aria-labelledby="analytics-pages">
            <h2 id="analytics-pages" className="admin-card__title">
              Pages
            </h2>
            <AdminTable columns={['Page', 'Views', 'Sessions', 'Avg. time on page', 'Avg. scroll depth']}>
              {summary.pages.map((page) => (
                <tr key={page.path}>
                  <td>{page.path}</td>
                  <td>{page.views}</td>
                  <td>{page.sessions}</td>
                  <td>{page.avgTimeOnPage}s</td>
                  <td>{page.avgScrollDepth}%</td>
                </tr>
              ))}
            </AdminTable>
          </section>
          <BarChart
            title="Views per page"
            data={summary.pages.slice(0, 10).map((page) => ({ label: page.path, count: page.views }))}
          />
          <div className="admin-grid-2">
            <BarChart title="Top referrers" data={summary.referrers} />
            <BarChart title="Devices" data={summary.devices} />
            <BarChart title="Browsers" data={summary.browsers} />
          </div>
        </>
      )}
    </div>
  );
}
