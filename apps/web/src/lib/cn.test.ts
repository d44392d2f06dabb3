import { describe, expect, it } from 'vitest';
import { cn } from './cn.ts';

describe('cn', () => {
  it('joins strings, arrays and object keys whose value is truthy, skipping falsy values', () => {
    expect(cn('a', false, undefined, null, ['b', ['c', 0]], { d: true, e: false }, '')).toBe('a b c d');
  });

  it('lets a later Tailwind class override an earlier conflicting one', () => {
    expect(cn('px-2 py-1 text-sm', 'px-4', { 'text-lg': true })).toBe('py-1 px-4 text-lg');
  });
});
