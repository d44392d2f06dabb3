import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { roadmapChanges } from './changes.ts';
import { roadmapKeys } from './keys.ts';

const caches = {
  months: roadmapKeys.window({ from: '2026-03-01', to: '2027-06-30', stage: '', team: '' }),
  quarters: roadmapKeys.window({ from: '2025-07-01', to: '2028-06-30', stage: 'testing', team: 'qa' }),
};
const every = ['months', 'quarters'] as const;

describe('what a server change means for the roadmap', () => {
  // A product's dates, stage or plans (published as the product's), a milestone event, and a team
  // or membership that shows or hides a product: every window again.
  itTouchesOnEveryKind(roadmapChanges, caches, {
    product: [...every],
    event: [...every],
    team: [...every],
    member: [...every],
  });
});
