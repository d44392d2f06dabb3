import { describe, expect, it } from 'vitest';
import { change, itTouchesOnEveryKind, touched } from '../../../test/changes.ts';
import { activityChanges } from './changes.ts';
import { activityLogKey } from './keys.ts';

const caches = { log: activityLogKey({ productId: '', action: '', search: '' }) };

describe('what a server change means for the activity log', () => {
  itTouchesOnEveryKind(activityChanges, caches, {
    task: ['log'],
    product: ['log'],
    team: ['log'],
    member: ['log'],
    event: ['log'],
    document: ['log'],
    comment: ['log'],
    activity: ['log'],
  });

  it('leaves the log alone for a calendar event of no product (it writes no entry)', () => {
    expect(touched(activityChanges, caches, change('event', { productId: null }))).toEqual([]);
  });
});
