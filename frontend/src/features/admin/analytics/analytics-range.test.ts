import { describe, expect, it } from 'vitest';
import { addDays, lastDays, rangeDays, rangeProblem } from './analytics-range';

describe('ranges', () => {
  it('moves by calendar days across months, years and clock changes', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
  });

  it('counts the last days with today included', () => {
    expect(lastDays(7, '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(rangeDays(lastDays(30, '2026-03-10'))).toBe(30);
  });

  it('explains the ranges the database refuses', () => {
    expect(rangeProblem({ from: '', to: '2026-03-10' })).toBe('Choose a first and a last day.');
    expect(rangeProblem({ from: '2026-03-10', to: '2026-03-09' })).toBe('The last day is before the first day.');
    expect(rangeProblem({ from: '2024-03-09', to: '2026-03-10' })).toBe('Choose at most two years.');
    expect(rangeProblem({ from: '2024-03-10', to: '2026-03-10' })).toBeNull();
    expect(rangeProblem({ from: '2026-03-10', to: '2026-03-10' })).toBeNull();
  });
});
