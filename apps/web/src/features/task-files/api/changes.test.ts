import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { taskFileChanges } from './changes.ts';
import { taskFileKeys } from './keys.ts';

const caches = { filesT1: taskFileKeys.ofTask('t-1'), filesT2: taskFileKeys.ofTask('t-2') };

describe('what a server change means for task files', () => {
  // A document's event does not say which task it belongs to.
  itTouchesOnEveryKind(taskFileChanges, caches, { document: ['filesT1', 'filesT2'] });
});
