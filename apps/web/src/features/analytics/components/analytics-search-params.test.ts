import { describe, expect, it } from 'vitest';
import { readAnalyticsSearch, writeAnalyticsSearch } from './analytics-search-params.ts';

describe('the analytics URL', () => {
  it('reads a month of all products on Performance when the URL says nothing (or nonsense)', () => {
    const defaults = { timeframe: 'month', products: [], tab: 'performance' };
    expect(readAnalyticsSearch(new URLSearchParams())).toEqual(defaults);
    expect(readAnalyticsSearch(new URLSearchParams('timeframe=decade&tab=x&products=all'))).toEqual(defaults);
  });

  it('reads the timeframe, the products (once each) and the tab', () => {
    expect(readAnalyticsSearch(new URLSearchParams('timeframe=Year&products=a,b,,a&tab=quality'))).toEqual({
      timeframe: 'year',
      products: ['a', 'b'],
      tab: 'quality',
    });
  });

  it('writes what differs from the defaults, and reads it back', () => {
    expect(writeAnalyticsSearch({ timeframe: 'month', products: [], tab: 'performance' })).toBe('');
    const state = { timeframe: 'quarter', products: ['a', 'b'], tab: 'productivity' } as const;
    const query = writeAnalyticsSearch({ ...state, products: [...state.products] });
    expect(query).toBe('?timeframe=quarter&products=a%2Cb&tab=productivity');
    expect(readAnalyticsSearch(new URLSearchParams(query))).toEqual(state);
  });
});
