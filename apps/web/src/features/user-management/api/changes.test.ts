import { describe } from 'vitest';
import { itTouchesOnEveryKind } from '../../../test/changes.ts';
import { teamMemberChanges } from './changes.ts';
import { teamMemberKeys } from './keys.ts';

const caches = { members: teamMemberKeys.list({ search: '', department: 'all', limit: 20 }) };

describe('what a server change means for the people directory', () => {
  itTouchesOnEveryKind(teamMemberChanges, caches, {
    team: ['members'],
    member: ['members'],
    user: ['members'],
  });
});
