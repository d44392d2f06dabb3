import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('paths', () => {
  it('names every page of the app by its address', () => {
    expect([
      paths.home(),
      paths.auth(),
      paths.dashboard(),
      paths.products(),
      paths.newProduct(),
      paths.team(),
      paths.calendar(),
      paths.reports(),
      paths.tasks(),
      paths.analytics(),
      paths.activity(),
      paths.services(),
      paths.settings(),
      paths.notifications(),
      paths.profile(),
    ]).toEqual([
      '/',
      '/auth',
      '/d',
      '/products',
      '/new-product',
      '/team',
      '/calendar',
      '/reports',
      '/tasks',
      '/analytics',
      '/activity',
      '/services',
      '/settings',
      '/notifications',
      '/profile',
    ]);
  });

  it('puts a product id into its page address, encoded', () => {
    expect(paths.product('0b6c8d2e')).toBe('/products/0b6c8d2e');
    expect(paths.product('a/b c')).toBe('/products/a%2Fb%20c');
  });
});
