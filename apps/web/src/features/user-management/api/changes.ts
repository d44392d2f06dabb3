import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { teamMemberKeys } from './keys.ts';

/** The people directory shows each person's teams, role and profile. */
const people = () => [prefix(teamMemberKeys.all)];

export const teamMemberChanges: ChangeListener = {
  on: { team: people, member: people, user: people },
};
