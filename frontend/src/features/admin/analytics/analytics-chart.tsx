import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import type { AnalyticsUnit } from './analytics-range';
import { periodLabel } from './analytics-format';
import { axisTicks, labelledPoints, nearestPoint, type SeriesPoint } from './analytics-series';

/** One line of the chart. */
export interface ChartLine {
  label: string;
  /** A colour of the admin's palette (a CSS variable), at least 3:1 against the card's white. */
  color: string;
  /** Dashed, so the lines differ by more than colour. */
  dashed: boolean;
  /** Its value at a point; null leaves a gap (e.g. conversion without visitors). */
  value: (point: SeriesPoint) => number | null;
}

interface AnalyticsChartProps {
  /** What it shows ("Views and visitors by day"), its accessible name. */
  title: string;
  points: readonly SeriesPoint[];
  unit: AnalyticsUnit;
  lines: readonly ChartLine[];
  /** Whole numbers on the value axis (counts), or not (percentages). */
  whole: boolean;
  formatValue: (value: number) => string;
  /** The readout of a point: every figure of its day or week. */
  describe: (point: SeriesPoint) => string;
}

const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 32, left: 52 };
/** Room each time-axis label needs, in pixels. */
const LABEL_ROOM: Record<AnalyticsUnit, number> = { day: 64, week: 104 };
/** Up to this many points each get a dot; beyond, the line alone reads better. */
const DOTTED_POINTS = 45;

/** The element's width in pixels, following it as it resizes (`fallback` until measured). */
function useWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [ref]);
  return width;
}

/** The SVG path of a line through its points, broken where a value is missing. */
function linePath(values: readonly (number | null)[], x: (index: number) => number, y: (value: number) => number) {
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    path += `${drawing ? 'L' : 'M'}${x(index).toFixed(1)},${y(value).toFixed(1)}`;
    drawing = true;
  });
  return path;
}

const KEY_MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => Math.min(last, index + 1),
  ArrowLeft: (index) => Math.max(0, index - 1),
  Home: () => 0,
  End: (_, last) => last,
};

/**
 * A line chart of the series, drawn in SVG to the card's width. Pointing at it or focusing it
 * (then the arrow keys, Home and End) picks a day or week whose figures the readout below says
 * (a live region). The SVG itself is hidden from screen readers: the page gives the same numbers
 * as a table and a caption.
 */
export function AnalyticsChart({ title, points, unit, lines, whole, formatValue, describe }: AnalyticsChartProps) {
  const frame = useRef<HTMLDivElement>(null);
  const readoutId = useId();
  const width = Math.max(240, useWidth(frame, 640));
  const [picked, setPicked] = useState<number | null>(null);
  const last = points.length - 1;
  const active = picked !== null && picked <= last ? picked : null;

  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const values = lines.map((line) => points.map(line.value));
  const ticks = axisTicks(Math.max(0, ...values.flat().map((value) => value ?? 0)), { whole });
  const top = ticks.at(-1) ?? 1;
  const x = (index: number) => MARGIN.left + (last > 0 ? (index / last) * plotWidth : plotWidth / 2);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const labelled = labelledPoints(points.length, Math.floor(plotWidth / LABEL_ROOM[unit]));
  const anchorOf = (index: number) => {
    if (last === 0) return 'middle';
    if (index === 0) return 'start';
    return x(index) > width - MARGIN.right - LABEL_ROOM[unit] / 2 ? 'end' : 'middle';
  };

  const pickAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setPicked(nearestPoint((event.clientX - box.left - MARGIN.left) / plotWidth, points.length));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = KEY_MOVES[event.key];
    if (!move || last < 0) return;
    event.preventDefault();
    setPicked(move(active ?? last, last));
  };
  const activePoint = active === null ? undefined : points[active];

  return (
    <div ref={frame} className="analytics-chart">
      <ul className="analytics-legend" aria-label="Lines">
        {lines.map((line) => (
          <li key={line.label}>
            <svg width="28" height="10" aria-hidden="true" focusable="false">
              <line
                x1="0"
                y1="5"
                x2="28"
                y2="5"
                stroke={line.color}
                strokeWidth="3"
                strokeDasharray={line.dashed ? '6 4' : undefined}
              />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
      <div
        className="analytics-chart__plot"
        role="group"
        tabIndex={0}
        aria-label={`${title}. Use the left and right arrow keys to read each ${unit}.`}
        aria-describedby={readoutId}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (active === null && last >= 0) setPicked(last);
        }}
        onPointerMove={pickAt}
        onPointerDown={pickAt}
        onPointerLeave={(event) => {
          if (document.activeElement !== event.currentTarget) setPicked(null);
        }}
        onBlur={() => {
          setPicked(null);
        }}
      >
        <svg width={width} height={HEIGHT} aria-hidden="true" focusable="false">
          {ticks.map((tick) => (
            <g key={tick} className="analytics-chart__tick">
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
              <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
                {formatValue(tick)}
              </text>
            </g>
          ))}
          {labelled.map((index) => {
            const point = points[index];
            return point ? (
              <text
                key={point.start}
                className="analytics-chart__label"
                x={x(index)}
                y={HEIGHT - 10}
                textAnchor={anchorOf(index)}
              >
                {periodLabel(point.start, unit)}
              </text>
            ) : null;
          })}
          {activePoint && active !== null && (
            <line
              className="analytics-chart__guide"
              x1={x(active)}
              x2={x(active)}
              y1={MARGIN.top}
              y2={MARGIN.top + plotHeight}
            />
          )}
          {lines.map((line, lineIndex) => {
            const lineValues = values[lineIndex] ?? [];
            return (
              <g key={line.label} stroke={line.color} fill={line.color}>
                <path
                  d={linePath(lineValues, x, y)}
                  fill="none"
                  strokeWidth="2.5"
                  strokeLinejoin="round"
                  strokeDasharray={line.dashed ? '6 4' : undefined}
                />
                {lineValues.map((value, index) =>
                  value !== null && (points.length <= DOTTED_POINTS || index === active) ? (
                    <circle key={index} cx={x(index)} cy={y(value)} r={index === active ? 5 : 3} />
                  ) : null,
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <p id={readoutId} className="analytics-chart__readout" aria-live="polite">
        {activePoint
          ? describe(activePoint)
          : `Point at the chart, or focus it and use the arrow keys, to read each ${unit}.`}
      </p>
    </div>
  );
}
