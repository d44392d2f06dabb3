import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { roadmapKeys } from './keys.ts';

// A product's dates, stage or stage plans (a plan change is published as its product's), a
// milestone event, or a membership or team that shows or hides a product: the roadmap again.
const roadmap = () => [prefix(roadmapKeys.all)];

export const roadmapChanges: ChangeListener = {
  on: { product: roadmap, event: roadmap, member: roadmap, team: roadmap },
};
