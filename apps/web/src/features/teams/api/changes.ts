import type { ChangeEvent } from '@shipyard/shared';
import { type ChangeListener, ofProduct, prefix } from '../../../lib/realtime-changes.ts';
import { teamKeys } from './keys.ts';

/** The product's teams, the team's page and its candidates (`id` is the team's). */
const team = ({ id, productId }: ChangeEvent) => [
  ofProduct(teamKeys.product, productId),
  prefix(teamKeys.detail(id)),
  prefix(teamKeys.candidatesOf(id)),
];

export const teamChanges: ChangeListener = {
  on: {
    // A deleted product takes its teams along.
    product: ({ op, id, productId }) => (op === 'deleted' ? [prefix(teamKeys.product(productId ?? id))] : []),
    team,
    member: team,
    // Members' names and avatars.
    user: () => [prefix(teamKeys.all)],
  },
};
