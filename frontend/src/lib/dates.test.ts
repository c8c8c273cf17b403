import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatIsoDateLong, formatLongDate } from './dates';

describe('formatLongDate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('formats a date as en-US long form', () => {
    expect(formatLongDate(new Date(2025, 0, 30))).toBe('January 30, 2025');
    expect(formatLongDate(new Date(2023, 11, 28, 23, 59))).toBe('December 28, 2023');
  });

  it("formats today's date", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 6, 4, 9, 30));
    expect(formatLongDate(new Date())).toBe('July 4, 2026');
  });
});

describe('formatIsoDateLong', () => {
  it('formats a calendar date without a time-zone shift', () => {
    expect(formatIsoDateLong('2024-01-10')).toBe('January 10, 2024');
    expect(formatIsoDateLong('2023-12-28')).toBe('December 28, 2023');
    expect(formatIsoDateLong('2024-01-01')).toBe('January 1, 2024');
  });

  it('rejects anything but YYYY-MM-DD', () => {
    expect(() => formatIsoDateLong('2024-1-10')).toThrow('Not an ISO calendar date');
    expect(() => formatIsoDateLong('2024-01-10T00:00:00Z')).toThrow();
  });
});
