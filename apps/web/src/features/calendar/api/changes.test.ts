import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { calendarChanges } from './changes.ts';
import { calendarTaskKeys, eventKeys } from './keys.ts';

const caches = {
  events: eventKeys.list({ from: '2025-03-01', to: '2025-03-31' }),
  tasks: calendarTaskKeys.list({ from: '2025-03-01', to: '2025-04-11' }),
};
const both = ['events', 'tasks'] as const;

describe('what a server change means for the calendar', () => {
  itTouchesOnEveryKind(calendarChanges, caches, {
    // A task's due date may have moved; the events did not.
    task: ['tasks'],
    product: both,
    member: both,
    event: both,
  });
});
