import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { checklistChanges } from './changes.ts';
import { checklistKeys } from './keys.ts';

const caches = { checklistT1: checklistKeys.ofTask('t-1'), checklistT2: checklistKeys.ofTask('t-2') };

describe('what a server change means for checklists', () => {
  // change('task') is t-1's: its checklist, not another task's.
  itTouchesOnEveryKind(checklistChanges, caches, { task: ['checklistT1'] });
});
