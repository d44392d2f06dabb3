import { describe, expect, it } from 'vitest';
import { movedSpan, movedTarget } from './roadmap-row.tsx';
import { scaleOf, spanOf, stageSpans, suggestedSpans, ticksOf, windowFor, xOf } from './timeline-scale.ts';

describe('the roadmap’s layout maths', () => {
  const today = new Date(2026, 5, 15); // 15 June 2026
  const scale = scaleOf(windowFor('month', today), 'month');

  it('opens whole months from three back to twelve ahead, or quarters within the server’s cap', () => {
    expect(windowFor('month', today)).toEqual({ from: '2026-03-01', to: '2027-06-30' });
    const quarters = windowFor('quarter', today);
    expect(quarters).toEqual({ from: '2025-07-01', to: '2028-06-30' });
    expect(scaleOf(quarters, 'quarter').days).toBeLessThan(1100);
  });

  it('places a day at its number of days from the start times the day width', () => {
    expect(scale.dayWidth).toBe(4);
    expect(xOf(scale, '2026-03-01')).toBe(0);
    expect(xOf(scale, '2026-03-11')).toBe(40);
    expect(scale.width).toBe(scale.days * 4);
  });

  it('clips a span to the window, and has none for a span wholly outside', () => {
    expect(spanOf(scale, '2026-03-11', '2026-03-20')).toEqual({
      offset: 40,
      width: 40,
      clippedStart: false,
      clippedEnd: false,
    });
    expect(spanOf(scale, '2026-01-01', '2026-03-01')).toMatchObject({
      offset: 0,
      width: 4,
      clippedStart: true,
    });
    expect(spanOf(scale, '2025-01-01', '2025-12-31')).toBeUndefined();
  });

  it('labels one column per month of the window', () => {
    const ticks = ticksOf(scale, 'month', (d) => String(d.getMonth() + 1));
    expect(ticks).toHaveLength(16);
    expect(ticks[0]).toMatchObject({ day: '2026-03-01', label: '3', offset: 0, width: 31 * 4 });
    expect(ticks[1]).toMatchObject({ day: '2026-04-01', offset: 31 * 4 });
  });

  it('splits a product’s span evenly among the stages without a plan', () => {
    expect(suggestedSpans('2026-01-01', '2026-01-10', 5)).toEqual([
      { start: '2026-01-01', end: '2026-01-02' },
      { start: '2026-01-03', end: '2026-01-04' },
      { start: '2026-01-05', end: '2026-01-06' },
      { start: '2026-01-07', end: '2026-01-08' },
      { start: '2026-01-09', end: '2026-01-10' },
    ]);
    // Shorter than five days: each stage still gets one.
    expect(suggestedSpans('2026-01-01', '2026-01-02', 5).every((s) => s.start <= s.end)).toBe(true);
  });

  it('lays the stages without a plan between the plans around them, never over one', () => {
    const spans = stageSpans('2026-01-01', '2026-01-20', [
      { start: '2026-01-01', end: '2026-01-05' },
      undefined,
      { start: '2026-01-10', end: '2026-01-12' },
      undefined,
      undefined,
    ]);
    expect(spans).toEqual([
      { start: '2026-01-01', end: '2026-01-05', planned: true },
      { start: '2026-01-06', end: '2026-01-09', planned: false },
      { start: '2026-01-10', end: '2026-01-12', planned: true },
      { start: '2026-01-13', end: '2026-01-16', planned: false },
      { start: '2026-01-17', end: '2026-01-20', planned: false },
    ]);
  });

  it('keeps a moved span in order and a target date on or after the start', () => {
    const span = { start: '2026-03-01', end: '2026-03-10' };
    expect(movedSpan(span, { start: 3, end: 3 })).toEqual({ start: '2026-03-04', end: '2026-03-13' });
    expect(movedSpan(span, { start: 20, end: 0 })).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    expect(movedSpan(span, { start: 0, end: -20 })).toEqual({ start: '2026-03-01', end: '2026-03-01' });
    const product = { start_date: '2026-03-01', target_end_date: '2026-03-05' };
    expect(movedTarget(product, 7)).toBe('2026-03-12');
    expect(movedTarget(product, -10)).toBe('2026-03-01');
  });
});
