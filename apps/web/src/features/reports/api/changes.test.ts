import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { reportChanges } from './changes.ts';
import { reportKeys } from './keys.ts';

const caches = {
  report: reportKeys.report({ type: 'project-status', from: '2025-01-01', to: '2025-03-31' }),
};

describe('what a server change means for reports', () => {
  itTouchesOnEveryKind(reportChanges, caches, {
    task: ['report'],
    product: ['report'],
    team: ['report'],
    member: ['report'],
  });
});
