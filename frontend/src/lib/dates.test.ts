import { describe, expect, it } from 'vitest';
import { formatInstantLong, formatIsoDateLong, localIsoDate, utcIsoDate } from './dates';

describe('formatIsoDateLong', () => {
  it('formats a calendar date without a time-zone shift', () => {
    expect(formatIsoDateLong('2024-01-10')).toBe('January 10, 2024');
    expect(formatIsoDateLong('2023-12-28')).toBe('December 28, 2023');
    expect(formatIsoDateLong('2024-01-01')).toBe('January 1, 2024');
    expect(formatIsoDateLong('2025-01-30')).toBe('January 30, 2025');
  });

  it('rejects anything but YYYY-MM-DD', () => {
    expect(() => formatIsoDateLong('2024-1-10')).toThrow('Not an ISO calendar date');
    expect(() => formatIsoDateLong('2024-01-10T00:00:00Z')).toThrow();
    expect(() => formatIsoDateLong('2024-13-10')).toThrow();
  });

  it('matches Intl en-US long form for every month', () => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(Date.UTC(2026, month, 9));
      const intl = date.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatInstantLong(date)).toBe(intl);
    }
  });
});

describe('formatInstantLong', () => {
  it('shows the UTC day of an instant, whatever the local time zone', () => {
    expect(formatInstantLong(new Date('2024-01-10T23:30:00-05:00'))).toBe('January 11, 2024');
    expect(formatInstantLong(new Date('2023-12-28T00:00:00Z'))).toBe('December 28, 2023');
  });
});

describe('ISO calendar days', () => {
  it('of an instant, locally and in UTC', () => {
    const date = new Date(2026, 6, 4, 9, 30);
    expect(localIsoDate(date)).toBe('2026-07-04');
    expect(utcIsoDate(new Date('2026-07-04T23:59:59Z'))).toBe('2026-07-04');
  });
});
