import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { serviceKeys } from './keys.ts';

/** The catalogue, its tabs and statistics, and the delivery logs. */
export const serviceChanges: ChangeListener = {
  on: { service: () => [prefix(serviceKeys.all)] },
};
