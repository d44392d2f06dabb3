import { queryRoots } from '../../../lib/query-keys.ts';

export const pushKeys = {
  devices: [...queryRoots.push, 'devices'] as const,
  settings: [...queryRoots.push, 'settings'] as const,
  /** This browser's own subscription (null: push is off here). */
  thisDevice: [...queryRoots.push, 'this-device'] as const,
};
