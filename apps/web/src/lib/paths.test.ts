import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('names the pages by their addresses, each its own', () => {
    expect(paths.home()).toBe('/');
    expect(paths.auth()).toBe('/auth');
    expect(paths.dashboard()).toBe('/d');
    expect(paths.newProduct()).toBe('/new-product');
    expect(paths.tasks()).toBe('/tasks');
    const pages = Object.values(paths).map((page) => page('id'));
    expect(new Set(pages).size).toBe(pages.length);
    for (const page of pages) expect(page).toMatch(/^\/[a-z-]*(\/id)?$/);
  });

  it('puts a product id into its page address, encoded', () => {
    expect(paths.product('0b6c8d2e')).toBe('/products/0b6c8d2e');
    expect(paths.product('a/b c')).toBe('/products/a%2Fb%20c');
  });
});
