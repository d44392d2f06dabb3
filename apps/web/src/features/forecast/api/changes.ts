import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { forecastKeys } from './keys.ts';

/**
 * A task created, completed, reopened, moved, trashed or restored changes its product's open
 * count and history; a product trashed, restored or newly in sight (a membership, a team) shows
 * or hides a forecast: every forecast is read again (the roadmap's in one batch).
 */
const forecasts = () => [prefix(forecastKeys.all)];

export const forecastChanges: ChangeListener = {
  on: { task: forecasts, product: forecasts, member: forecasts, team: forecasts },
};
