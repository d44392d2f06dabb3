import { describe, expect, it } from 'vitest';
import {
  ALL_PRODUCTS,
  isAllProducts,
  selectionLabel,
  toggleAllProducts,
  toggleProduct,
} from './product-selection.ts';

describe('the product filter rule (spec §2.16)', () => {
  it('starts at All Products', () => {
    expect(isAllProducts(ALL_PRODUCTS)).toBe(true);
  });

  it('clears All Products when a specific product is picked', () => {
    const picked = toggleProduct(ALL_PRODUCTS, 'p-1', true);
    expect(picked).toEqual(['p-1']);
    expect(isAllProducts(picked)).toBe(false);
    expect(toggleProduct(picked, 'p-2', true)).toEqual(['p-1', 'p-2']);
    expect(toggleProduct(picked, 'p-1', true)).toEqual(['p-1']);
  });

  it('returns to All Products when the last product is unticked', () => {
    const two = ['p-1', 'p-2'];
    const one = toggleProduct(two, 'p-1', false);
    expect(one).toEqual(['p-2']);
    expect(isAllProducts(one)).toBe(false);
    expect(isAllProducts(toggleProduct(one, 'p-2', false))).toBe(true);
  });

  it('ticking All Products drops the specific ones; unticking it alone keeps it', () => {
    expect(toggleAllProducts(['p-1', 'p-2'], true)).toEqual([]);
    expect(isAllProducts(toggleAllProducts(ALL_PRODUCTS, false))).toBe(true);
  });

  it('names the selection on the button', () => {
    const names = new Map([['p-1', 'Apollo']]);
    expect(selectionLabel([], names)).toBe('All Products');
    expect(selectionLabel(['p-1'], names)).toBe('Apollo');
    expect(selectionLabel(['p-9'], names)).toBe('1 product');
    expect(selectionLabel(['p-1', 'p-2'], names)).toBe('2 products');
  });
});
