import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { cycleChanges } from './changes.ts';
import { cycleKeys } from './keys.ts';

const caches = {
  list: cycleKeys.ofProduct('p-1'),
  detail: cycleKeys.detail('c-1'),
  task: cycleKeys.ofTask('t-1'),
  velocity: cycleKeys.velocity('p-1', 6),
};
const all = ['detail', 'list', 'task', 'velocity'];

describe('what a server change means for cycles', () => {
  itTouchesOnEveryKind<string>(cycleChanges, caches, { cycle: all, task: all, product: all });
});
