import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { notificationChanges } from './changes.ts';
import { notificationKeys } from './keys.ts';
import { preferencesKey } from './notification-preferences.ts';

const caches = {
  all: notificationKeys.list('all'),
  unread: notificationKeys.list('unread'),
  unreadCount: notificationKeys.unreadCount,
  preferences: preferencesKey,
};

describe('what a server change means for notifications', () => {
  itTouchesOnEveryKind(notificationChanges, caches, { notification: ['all', 'unread', 'unreadCount'] });
});
