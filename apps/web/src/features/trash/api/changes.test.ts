import type { ChangeEvent } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { change, itTouchesOnEveryKind, touched } from '../../../test/changes.ts';
import { trashChanges } from './changes.ts';
import { trashKeys } from './keys.ts';

const caches = { all: trashKeys.list(), ofP1: trashKeys.list('p-1') };
type Cache = keyof typeof caches;

describe('what a server change means for the trash', () => {
  // An edit ('updated', the default) neither puts anything in the trash nor takes it out.
  itTouchesOnEveryKind(trashChanges, caches, {});

  it.each<[string, ChangeEvent, Cache[]]>([
    ['a task deleted: it comes in', change('task', { op: 'deleted' }), ['all', 'ofP1']],
    ['a task restored (created): it goes out', change('task', { op: 'created' }), ['all', 'ofP1']],
    ['a product deleted', change('product', { op: 'deleted' }), ['all', 'ofP1']],
    ['a product restored', change('product', { op: 'created' }), ['all', 'ofP1']],
    ['a comment deleted: not the trash', change('comment', { op: 'deleted' }), []],
  ])('%s', (_, event, expected) => {
    expect(touched(trashChanges, caches, event)).toEqual(expected);
  });
});
