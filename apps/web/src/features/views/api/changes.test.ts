import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { viewChanges } from './changes.ts';
import { viewKeys } from './keys.ts';

const caches = {
  list: viewKeys.list,
  view1: viewKeys.detail('view-1'),
  view2: viewKeys.detail('view-2'),
};

describe('what a server change means for saved views', () => {
  itTouchesOnEveryKind(viewChanges, caches, {
    // A view's own change: the list and that view, not the others.
    view: ['list', 'view1'],
    // The counts follow the tasks and what the viewer sees.
    task: ['list', 'view1', 'view2'],
    label: ['list', 'view1', 'view2'],
    product: ['list', 'view1', 'view2'],
    team: ['list', 'view1', 'view2'],
    member: ['list', 'view1', 'view2'],
  });
});
