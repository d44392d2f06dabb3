import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { scheduleChanges } from './changes.ts';
import { scheduleKeys } from './keys.ts';

const caches = { mine: scheduleKeys.product('p-1'), other: scheduleKeys.product('p-2') };

describe('what a server change means for the schedule', () => {
  // A task of the product (its dates, state, a relation), the product, a team or a membership:
  // that product's schedule again (a user's name: app/realtime marks every cache stale).
  itTouchesOnEveryKind(scheduleChanges, caches, {
    task: ['mine'],
    product: ['mine'],
    team: ['mine'],
    member: ['mine'],
  });
});
