import { describe, expect, it } from 'vitest';
import { axisTicks, labelledPoints, nearestPoint, toSeriesPoints } from './analytics-series';

describe('toSeriesPoints', () => {
  it('adds conversion per period, none without visitors', () => {
    expect(
      toSeriesPoints([
        { period_start: '2026-03-02', views: 10, visitors: 4, leads: 1 },
        { period_start: '2026-03-09', views: 0, visitors: 0, leads: 2 },
        { period_start: '2026-03-16', views: null, visitors: null, leads: null },
        { period_start: null, views: 1, visitors: 1, leads: 0 },
      ]),
    ).toEqual([
      { start: '2026-03-02', views: 10, visitors: 4, leads: 1, conversion: 25 },
      { start: '2026-03-09', views: 0, visitors: 0, leads: 2, conversion: null },
      { start: '2026-03-16', views: 0, visitors: 0, leads: 0, conversion: null },
    ]);
  });
});

describe('axisTicks', () => {
  it('rounds the top up to 1, 2 or 5 times a power of ten', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(95)).toEqual([0, 50, 100]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('allows fractions for percentages', () => {
    expect(axisTicks(2.4, { whole: false })).toEqual([0, 1, 2, 3]);
    expect(axisTicks(0.3, { whole: false })).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

describe('time axis', () => {
  it('labels as many points as there is room for, evenly, from the first', () => {
    expect(labelledPoints(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(labelledPoints(30, 5)).toEqual([0, 6, 12, 18, 24]);
    expect(labelledPoints(0, 5)).toEqual([]);
    expect(labelledPoints(3, 0)).toEqual([0]);
  });

  it('finds the point nearest the pointer', () => {
    expect(nearestPoint(0.49, 3)).toBe(1);
    expect(nearestPoint(-0.2, 3)).toBe(0);
    expect(nearestPoint(1.4, 3)).toBe(2);
    expect(nearestPoint(0.7, 1)).toBe(0);
  });
});
