import type { SERVICE_CATEGORIES, SERVICE_INTEGRATIONS } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// Stored values as these screens name them, marked for translation and translated where shown.

/** The stored categories, integrations and statuses as the screen names them. */
export const categoryLabels = {
  Development: k('Development'),
  Infrastructure: k('Infrastructure'),
  Communication: k('Communication'),
  'Project Management': k('Project Management'),
  Analytics: k('Analytics'),
  Monitoring: k('Monitoring'),
  Payment: k('Payment'),
} satisfies Record<(typeof SERVICE_CATEGORIES)[number], string>;

export const integrationLabels = {
  'Direct API': k('Direct API'),
  SDK: k('SDK'),
  Webhook: k('Webhook'),
  'Script Integration': k('Script Integration'),
  Agent: k('Agent'),
} satisfies Record<(typeof SERVICE_INTEGRATIONS)[number], string>;

export const statusLabels = { Active: k('Active'), Inactive: k('Inactive'), Pending: k('Pending') } as const;
