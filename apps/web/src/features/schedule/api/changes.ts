import { type ChangeListener, ofProduct } from '../../../lib/realtime-changes.ts';
import { scheduleKeys } from './keys.ts';

// A task of the product changed (its dates, state, assignee, a relation: a relation's change is
// published as its two tasks'), a state, team or membership renamed or moved: its schedule again.
const ofItsProduct = ({ productId }: { productId: string | null }) => [
  ofProduct(scheduleKeys.product, productId),
];

export const scheduleChanges: ChangeListener = {
  on: {
    task: ofItsProduct,
    product: ofItsProduct,
    team: ofItsProduct,
    member: ofItsProduct,
  },
};
