import { describe, expect, it } from 'vitest';
import {
  conversionRate,
  formatConversion,
  formatCount,
  formatDuration,
  formatPercent,
  longDay,
  NO_DATA,
  periodLabel,
  sourceLabel,
  timeZoneName,
} from './analytics-format';

describe('formatDuration', () => {
  it.each([
    [null, NO_DATA],
    [0, '0 s'],
    [0.4, '0 s'],
    [1.6, '2 s'],
    [59.4, '59 s'],
    [59.6, '1 min'],
    [65, '1 min 5 s'],
    [599, '9 min 59 s'],
    [600, '10 min'],
    [754, '13 min'],
    [3599, '1 h'],
    [3900, '1 h 5 min'],
  ])('%s seconds read %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('percentages', () => {
  it('rounds scroll depth to a whole percent, and shows a dash without data', () => {
    expect(formatPercent(76.4)).toBe('76%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(null)).toBe(NO_DATA);
  });

  it('has no conversion without visitors', () => {
    expect(conversionRate(3, 0)).toBeNull();
    expect(conversionRate(0, 0)).toBeNull();
    expect(formatConversion(conversionRate(3, 0))).toBe(NO_DATA);
  });

  it('converts leads per 100 visitors, one decimal under 10%', () => {
    expect(conversionRate(1, 4)).toBe(25);
    expect(formatConversion(conversionRate(1, 4))).toBe('25%');
    expect(formatConversion(conversionRate(1, 40))).toBe('2.5%');
    expect(formatConversion(conversionRate(2, 3))).toBe('67%');
    expect(formatConversion(conversionRate(1, 1000))).toBe('0.1%');
    expect(formatConversion(conversionRate(4, 100))).toBe('4%');
    expect(formatConversion(conversionRate(0, 12))).toBe('0%');
  });
});

describe('labels', () => {
  it('names a day or a week by its first day, whatever the viewer time zone', () => {
    expect(periodLabel('2026-03-02', 'day')).toBe('Mar 2');
    expect(periodLabel('2026-03-02', 'week')).toBe('Week of Mar 2');
    expect(longDay('2026-03-02')).toBe('Monday, March 2, 2026');
  });

  it('counts with separators and names direct visits', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(sourceLabel('')).toBe('Direct');
    expect(sourceLabel('www.google.com')).toBe('www.google.com');
  });

  it('says a time zone as people do, or keeps a name it does not know', () => {
    // Browsers name it; a JavaScript engine with fewer locale data has only an offset, not said.
    expect(['Coordinated Universal Time', 'UTC']).toContain(timeZoneName('UTC'));
    expect(timeZoneName('Not/AZone')).toBe('Not/AZone');
  });
});
