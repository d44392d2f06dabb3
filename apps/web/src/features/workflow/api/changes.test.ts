import { describe, expect, it } from 'vitest';
import { sharedKeys } from '../../../lib/query-keys.ts';
import { change, itTouchesOnEveryKind, touched } from '../../../test/changes.ts';
import { workflowChanges } from './changes.ts';
import { workflowKeys } from './keys.ts';

const caches = {
  statesP1: workflowKeys.product('p-1'),
  statesP2: workflowKeys.product('p-2'),
  taskList: [...sharedKeys.taskLists, { productId: 'p-1' }],
};

describe('what a server change means for workflow states', () => {
  // A state added, renamed, recoloured or reordered: that product's states (its board's columns).
  itTouchesOnEveryKind(workflowChanges, caches, { state: ['statesP1'] });

  it('rereads the task lists too when a state is deleted (its tasks moved)', () => {
    expect(touched(workflowChanges, caches, change('state', { op: 'deleted' }))).toEqual([
      'statesP1',
      'taskList',
    ]);
  });
});
