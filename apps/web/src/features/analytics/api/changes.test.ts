import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { analyticsChanges } from './changes.ts';
import { analyticsKey } from './keys.ts';

const caches = { analytics: analyticsKey({ timeframe: 'month', products: [], tz: 'UTC' }) };

describe('what a server change means for analytics', () => {
  itTouchesOnEveryKind(analyticsChanges, caches, {
    task: ['analytics'],
    product: ['analytics'],
    team: ['analytics'],
    member: ['analytics'],
  });
});
