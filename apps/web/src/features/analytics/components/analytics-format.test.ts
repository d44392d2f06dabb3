import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  bucketTitle,
  changeTone,
  formatChangeMagnitude,
  formatKpiValue,
} from './analytics-format.ts';

describe('analytics formatting', () => {
  it('writes each unit, and a dash for nothing measured', () => {
    expect(formatKpiValue(12345, 'count')).toBe('12,345');
    expect(formatKpiValue(66.7, 'percent')).toBe('66.7%');
    expect(formatKpiValue(2.5, 'days')).toBe('2.5 days');
    expect(formatKpiValue(1, 'days')).toBe('1 day');
    expect(formatKpiValue(null, 'days')).toBe('—');
  });

  it('colours a change by which way is better', () => {
    expect(changeTone(0.5, 'up')).toBe('good');
    expect(changeTone(-0.5, 'up')).toBe('bad');
    expect(changeTone(-0.5, 'down')).toBe('good');
    expect(changeTone(0.5, 'down')).toBe('bad');
    expect(changeTone(0.5, 'neutral')).toBe('neutral');
    expect(changeTone(0, 'up')).toBe('neutral');
    expect(formatChangeMagnitude(-0.1667)).toBe('16.7%');
  });

  it('labels buckets by day, week and month', () => {
    expect(bucketLabel('2026-03-09', 'day')).toBe('Mar 9');
    expect(bucketTitle('2026-03-09', 'week')).toBe('Week of Mar 9');
    expect(bucketLabel('2026-03-01', 'month')).toBe('Mar 2026');
  });
});
