import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { commentKeys } from './keys.ts';

// `id` is the task's for both kinds.
export const commentChanges: ChangeListener = {
  on: {
    // Its conversation, and its watchers (a commenter starts watching).
    comment: ({ id }) => [prefix(commentKeys.list(id)), prefix(commentKeys.watchers(id))],
    watcher: ({ id }) => [prefix(commentKeys.watchers(id))],
  },
};
