import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { labelChanges } from './changes.ts';
import { labelKeys } from './keys.ts';

const caches = {
  productP1: labelKeys.product('p-1'),
  productP2: labelKeys.product('p-2'),
  taskT1: labelKeys.ofTask('t-1'),
  taskT2: labelKeys.ofTask('t-2'),
};

describe('what a server change means for labels', () => {
  itTouchesOnEveryKind(labelChanges, caches, {
    task: ['taskT1'],
    label: ['productP1', 'productP2', 'taskT1', 'taskT2'],
  });
});
