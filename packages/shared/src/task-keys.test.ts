import { describe, expect, it } from 'vitest';
import { branchName, normaliseTaskKey, ProductKeySchema, taskKeyMessages } from './task-keys.ts';

describe('task keys', () => {
  it('reads a task key in any casing, and nothing else', () => {
    expect(normaliseTaskKey('atl-12')).toBe('ATL-12');
    expect(normaliseTaskKey(' Ap2-1 ')).toBe('AP2-1');
    for (const text of ['ATL', 'ATL-0', 'ATL-012', '1AB-3', 'A-1', 'TOOLONG-1', '3f2a9c1e-0000', 'ATL-1x']) {
      expect(normaliseTaskKey(text), text).toBeUndefined();
    }
  });

  it('takes a product key of 2–6 letters or digits starting with a letter, upper-cased', () => {
    expect(ProductKeySchema.parse(' atl ')).toBe('ATL');
    expect(ProductKeySchema.parse('AB12CD')).toBe('AB12CD');
    for (const key of ['A', '1AB', 'ABCDEFG', 'A-B', 'ÄB', '']) {
      const result = ProductKeySchema.safeParse(key);
      expect(result.success, key).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(taskKeyMessages.productKeyFormat);
    }
  });

  it('makes a branch name of the key and the title, lower case, at most 60 characters, cut at a word', () => {
    expect(branchName('ATL-12', 'Fix double charge')).toBe('atl-12-fix-double-charge');
    expect(branchName('ATL-12', '  Café: “déjà vu” — 2× faster!! ')).toBe('atl-12-cafe-deja-vu-2-faster');
    const long = branchName(
      'ATL-12',
      'Make the checkout retry a declined card once before it tells the customer anything',
    );
    expect(long).toBe('atl-12-make-the-checkout-retry-a-declined-card-once-before');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(branchName('ATL-12', '!!!')).toBe('atl-12');
    expect(branchName('AB-1', 'x'.repeat(80))).toBe(`ab-1-${'x'.repeat(55)}`);
  });
});
