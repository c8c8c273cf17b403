import { useState } from 'react';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { AnalyticsChart, type ChartLine } from './analytics-chart';
import { AnalyticsChoice } from './analytics-choice';
import { formatConversion, formatCount, longDay, periodLabel } from './analytics-format';
import type { AnalyticsRange, AnalyticsUnit } from './analytics-range';
import type { SeriesPoint } from './analytics-series';
import { AnalyticsTable } from './analytics-table';

type Shown = 'traffic' | 'leads' | 'conversion';

interface ChartView {
  name: string;
  lines: readonly ChartLine[];
  whole: boolean;
  formatValue: (value: number) => string;
}

const VIEWS: ChartLine = { label: 'Views', color: 'var(--color-teal)', dashed: false, value: (point) => point.views };
const CHART_VIEWS: Record<Shown, ChartView> = {
  traffic: {
    name: 'Views and visitors',
    lines: [VIEWS, { label: 'Visitors', color: 'var(--color-navy)', dashed: true, value: (point) => point.visitors }],
    whole: true,
    formatValue: formatCount,
  },
  leads: {
    name: 'Leads',
    lines: [{ ...VIEWS, label: 'Leads', value: (point) => point.leads }],
    whole: true,
    formatValue: formatCount,
  },
  conversion: {
    name: 'Conversion',
    lines: [{ ...VIEWS, label: 'Conversion', color: 'var(--color-navy)', value: (point) => point.conversion }],
    whole: false,
    formatValue: formatConversion,
  },
};
const SHOWN_OPTIONS = Object.entries(CHART_VIEWS).map(([value, view]) => [value as Shown, view.name] as const);

const counted = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** Every figure of a day or week, as a sentence. */
function describePoint(point: SeriesPoint, unit: AnalyticsUnit): string {
  const when = unit === 'day' ? longDay(point.start) : `Week of ${longDay(point.start)}`;
  const conversion =
    point.conversion === null ? 'no visitors to convert' : `${formatConversion(point.conversion)} conversion`;
  return `${when}: ${counted(point.views, 'view', 'views')}, ${counted(point.visitors, 'visitor', 'visitors')}, ${counted(point.leads, 'lead', 'leads')}, ${conversion}.`;
}

/** The busiest day or week by views, if any had one. */
const busiest = (points: readonly SeriesPoint[]) =>
  points.reduce<SeriesPoint | null>((best, point) => (point.views > (best?.views ?? 0) ? point : best), null);

/**
 * Views, visitors, leads and conversion per day or week: a chart of one of them (a choice), a
 * caption that sums the range up, and the numbers of every day or week as a table.
 */
export function AnalyticsOverTime({
  points,
  unit,
  range,
}: {
  points: readonly SeriesPoint[];
  unit: AnalyticsUnit;
  range: AnalyticsRange;
}) {
  const [shown, setShown] = useState<Shown>('traffic');
  const view = CHART_VIEWS[shown];
  const title = `${view.name} by ${unit}`;
  const top = busiest(points);

  return (
    <AdminCard titleId="analytics-over-time" title="Over time" className="analytics-over-time">
      <AnalyticsChoice legend="Show" options={SHOWN_OPTIONS} value={shown} onChange={setShown} />
      <figure className="analytics-figure">
        <figcaption className="admin-muted">
          {title}, {longDay(range.from)} to {longDay(range.to)}.{' '}
          {top
            ? `Busiest ${unit}: ${periodLabel(top.start, unit)}, with ${counted(top.views, 'view', 'views')}.`
            : 'No views yet.'}
        </figcaption>
        <AnalyticsChart
          title={title}
          points={points}
          unit={unit}
          lines={view.lines}
          whole={view.whole}
          formatValue={view.formatValue}
          describe={(point) => describePoint(point, unit)}
        />
      </figure>
      <details className="analytics-fold">
        <summary>Numbers by {unit}</summary>
        <AnalyticsTable
          caption={`Views, visitors, leads and conversion by ${unit}`}
          columns={[unit === 'day' ? 'Day' : 'Week', 'Views', 'Visitors', 'Leads', 'Conversion']}
          rows={points.map((point) => ({
            key: point.start,
            cells: [
              periodLabel(point.start, unit),
              formatCount(point.views),
              formatCount(point.visitors),
              formatCount(point.leads),
              formatConversion(point.conversion),
            ],
          }))}
        />
      </details>
    </AdminCard>
  );
}
