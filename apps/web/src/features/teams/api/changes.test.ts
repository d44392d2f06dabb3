import type { ChangeEvent } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { change, itTouchesOnEveryKind, touched } from '../../../test/changes.ts';
import { teamChanges } from './changes.ts';
import { teamKeys } from './keys.ts';

const caches = {
  teamsP1: teamKeys.product('p-1'),
  teamsP2: teamKeys.product('p-2'),
  team1: teamKeys.detail('team-1'),
  team2: teamKeys.detail('team-2'),
  candidates1: teamKeys.candidates('team-1', ''),
  candidates2: teamKeys.candidates('team-2', 'al'),
};
type Cache = keyof typeof caches;
const team1: Cache[] = ['teamsP1', 'team1', 'candidates1'];

describe('what a server change means for teams', () => {
  itTouchesOnEveryKind(teamChanges, caches, {
    team: team1,
    member: team1,
    // Members' names and avatars.
    user: Object.keys(caches) as Cache[],
  });

  it.each<[string, ChangeEvent, Cache[]]>([
    ['a product deleted takes its teams along', change('product', { op: 'deleted' }), ['teamsP1']],
    [
      'a team of no product named: every product’s teams',
      change('team', { productId: null }),
      ['teamsP1', 'teamsP2', 'team1', 'candidates1'],
    ],
  ])('%s', (_name, event, expected) => {
    expect(touched(teamChanges, caches, event)).toEqual([...expected].sort());
  });
});
