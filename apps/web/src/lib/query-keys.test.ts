import { describe, expect, it } from 'vitest';
import { queryRoots, sharedKeys } from './query-keys.ts';

describe('queryRoots and sharedKeys', () => {
  it('give every feature its own root, none the prefix of another', () => {
    const roots = Object.values(queryRoots).map((root) => root[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });

  it('start the shared families with their feature root', () => {
    expect(sharedKeys.taskLists).toEqual(['tasks', 'list']);
    expect(sharedKeys.taskOptions).toEqual(['tasks', 'options']);
    expect(sharedKeys.productActivities('p1')).toEqual(['products', 'activities', 'p1']);
    expect(sharedKeys.productDetail('p1')).toEqual(['products', 'detail', 'p1']);
    expect(sharedKeys.productLabels('p1')).toEqual(['labels', 'product', 'p1']);
  });
});
