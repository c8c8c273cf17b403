import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminDateRange } from '@/features/admin/shared/admin-date-range';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminSelectField, type SelectOption } from '@/features/admin/shared/admin-select-field';
import { AdminStats } from '@/features/admin/shared/admin-stats';
import { localIsoDate } from '@/lib/dates';
import { analyticsBreakdownQuery } from './analytics-breakdown-query';
import { AnalyticsChoice } from './analytics-choice';
import {
  conversionRate,
  formatConversion,
  formatCount,
  formatDuration,
  formatPercent,
  timeZoneName,
} from './analytics-format';
import { AnalyticsLists } from './analytics-lists';
import { AnalyticsOverTime } from './analytics-over-time';
import {
  adminTimeZone,
  lastDays,
  PERIODS,
  rangeProblem,
  type AnalyticsRange,
  type AnalyticsUnit,
  type PeriodValue,
} from './analytics-range';
import { analyticsSeriesQuery } from './analytics-series-query';
import { SiteSearchCard } from './site-search-card';
import './analytics-admin.css';

const PERIOD_OPTIONS: readonly SelectOption<PeriodValue>[] = [
  ...PERIODS.map((period) => [period.value, period.label] as const),
  ['custom', 'Chosen dates'],
];
const UNIT_OPTIONS = [
  ['day', 'Day'],
  ['week', 'Week'],
] as const satisfies ReadonlyArray<readonly [AnalyticsUnit, string]>;

/**
 * Analytics: views, visitors, leads and conversion over a range of days, by day or by week, with
 * the range's top pages and sources, and what visitors searched for. Everything is counted by the
 * database in the admin's time zone; bots and pages not found are counted apart.
 */
export function AnalyticsAdminPage() {
  const id = useId();
  const [today] = useState(() => localIsoDate(new Date()));
  const [timeZone] = useState(adminTimeZone);
  const [period, setPeriod] = useState<PeriodValue>('30');
  const [range, setRange] = useState<AnalyticsRange>(() => lastDays(30, today));
  const [unit, setUnit] = useState<AnalyticsUnit>('day');
  const problem = rangeProblem(range);
  const problemId = `${id}-range-problem`;

  // A new range or unit keeps the figures on screen (and the chart's choices) until the new ones come.
  const series = useQuery({
    ...analyticsSeriesQuery(range, unit, timeZone),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const breakdown = useQuery({
    ...analyticsBreakdownQuery(range, timeZone),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });

  const choosePeriod = (value: PeriodValue) => {
    setPeriod(value);
    const preset = PERIODS.find((candidate) => candidate.value === value);
    if (preset) setRange(lastDays(preset.days, today));
  };

  const failure = series.error ?? breakdown.error;
  let content = null;
  if (problem === null && failure) {
    content = (
      <p className="admin-error" role="alert">
        Analytics could not be loaded: {errorMessage(failure)}
      </p>
    );
  } else if (problem === null && (!series.data || !breakdown.data)) {
    content = <AdminLoading>Loading analytics...</AdminLoading>;
  } else if (problem === null && series.data && breakdown.data) {
    const { totals } = breakdown.data;
    const stats: [string, string][] = [
      ['Page views', formatCount(totals.views)],
      ['Visitors', formatCount(totals.visitors)],
      ['Leads', formatCount(totals.leads)],
      ['Conversion', formatConversion(conversionRate(totals.leads, totals.visitors))],
      ['Avg. time on page', formatDuration(totals.avg_time_on_page)],
      ['Avg. scroll depth', formatPercent(totals.avg_scroll_depth)],
    ];
    content = (
      <>
        <AdminStats stats={stats} />
        <AnalyticsOverTime points={series.data} unit={unit} range={range} />
        <AnalyticsLists breakdown={breakdown.data} />
      </>
    );
  }

  return (
    <div className="admin-page analytics-page">
      <div className="admin-page__header">
        <h1 className="admin-page__title">Analytics</h1>
        <p className="admin-muted">
          Visitors to the site, where they came from and how many became leads. Days are counted in your time zone,{' '}
          {timeZoneName(timeZone)}.
        </p>
      </div>
      <form
        className="admin-card analytics-filters"
        aria-label="Choose the days"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <AdminSelectField
          id={`${id}-period`}
          label="Period"
          value={period}
          options={PERIOD_OPTIONS}
          onChange={choosePeriod}
        />
        <AdminDateRange
          id={`${id}-range`}
          labels={{ from: 'From', to: 'To' }}
          range={range}
          problemId={problem ? problemId : undefined}
          onChange={(end, day) => {
            setPeriod('custom');
            setRange((current) => ({ ...current, [end]: day }));
          }}
        />
        <AnalyticsChoice legend="Group by" options={UNIT_OPTIONS} value={unit} onChange={setUnit} />
        {problem && (
          <p id={problemId} className="admin-error analytics-filters__problem" role="alert">
            {problem}
          </p>
        )}
      </form>
      {content}
      {problem === null && <SiteSearchCard range={range} />}
    </div>
  );
}
