import type { ChangeEvent } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { productOptionsKey } from '../../../lib/product-options.ts';
import { change, itTouchesOnEveryKind, touched } from '../../../test/changes.ts';
import { productChanges } from './changes.ts';
import * as keys from './keys.ts';

const caches = {
  list: keys.productKeys.list({ search: '', status: [], team: [], priority: [], page: 1, limit: 10 }),
  pageP1: keys.productDetailKey('p-1'),
  pageP2: keys.productDetailKey('p-2'),
  timelineP1: keys.productActivitiesKey('p-1'),
  timelineP2: keys.productActivitiesKey('p-2'),
  documentsP1: keys.productDocumentsKey('p-1'),
  documentsP2: keys.productDocumentsKey('p-2'),
  recent: keys.recentProductsKey,
  options: productOptionsKey,
};
type Cache = keyof typeof caches;
const ofP1: Cache[] = ['pageP1', 'timelineP1', 'list'];
const names: Cache[] = ['recent', 'options'];

describe('what a server change means for products', () => {
  itTouchesOnEveryKind(productChanges, caches, {
    task: ofP1,
    product: [...ofP1, ...names],
    team: ofP1,
    member: [...ofP1, ...names],
    event: ['timelineP1'],
    document: ['documentsP1', 'timelineP1', 'pageP1'],
    comment: ['timelineP1'],
    activity: ['timelineP1', 'pageP1'],
  });

  it.each<[string, ChangeEvent, Cache[]]>([
    [
      'a product created: the lists, pickers, its page and timeline',
      change('product', { op: 'created' }),
      [...ofP1, ...names],
    ],
    [
      'a product deleted: also its documents',
      change('product', { op: 'deleted' }),
      [...ofP1, ...names, 'documentsP1'],
    ],
    ['a calendar event of no product: nothing', change('event', { productId: null }), []],
    [
      'a document of no product named: every product’s documents, page and timeline',
      change('document', { productId: null }),
      ['documentsP1', 'documentsP2', 'pageP1', 'pageP2', 'timelineP1', 'timelineP2'],
    ],
    [
      'a team of no product named: every page and timeline',
      change('team', { productId: null }),
      [...ofP1, 'pageP2', 'timelineP2'],
    ],
  ])('%s', (_name, event, expected) => {
    expect(touched(productChanges, caches, event)).toEqual([...expected].sort());
  });
});
