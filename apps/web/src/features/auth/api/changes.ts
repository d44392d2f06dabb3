import type { User } from '@shipyard/shared';
import { partialMatchKey } from '@tanstack/react-query';
import type { ChangeListener } from '../../../lib/realtime-changes.ts';
import { sessionKey } from './keys.ts';

/** One's own role or profile changed: the menu, the guards and the sidebar read the session. */
export const authChanges: ChangeListener = {
  on: {
    user: ({ id }) => [
      {
        match: (query) =>
          partialMatchKey(query.queryKey, sessionKey) &&
          (query.state.data as User | null | undefined)?.id === id,
      },
    ],
  },
};
