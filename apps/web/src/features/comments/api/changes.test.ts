import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { commentChanges } from './changes.ts';
import { commentKeys } from './keys.ts';

const caches = {
  commentsT1: commentKeys.list('t-1'),
  commentsT2: commentKeys.list('t-2'),
  watchersT1: commentKeys.watchers('t-1'),
  watchersT2: commentKeys.watchers('t-2'),
  mentionableT1: commentKeys.mentionable('t-1', 'al'),
};

describe('what a server change means for a task’s conversation', () => {
  // A comment's and a watcher's id is the task's (t-1).
  itTouchesOnEveryKind(commentChanges, caches, {
    comment: ['commentsT1', 'watchersT1'],
    watcher: ['watchersT1'],
  });
});
