import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { timeChanges } from './changes.ts';
import { timeKeys } from './keys.ts';

const caches = {
  taskT1: timeKeys.ofTask('t-1'),
  taskT2: timeKeys.ofTask('t-2'),
  timer: timeKeys.timer,
  week: timeKeys.timesheet('2026-W49', ''),
  report: timeKeys.report('p-1', '2026-11-01', '2026-11-30'),
};

describe('what a server change means for time tracking', () => {
  // change('time') and change('task') are t-1's.
  // A task renamed marks the header's timer stale (read again when next shown), not a request per change.
  itTouchesOnEveryKind<string>(timeChanges, caches, {
    time: ['taskT1', 'timer', 'week', 'report'],
    task: ['taskT1', 'timer (marked)'],
  });
});
