import type { SERVICE_CATEGORIES, SERVICE_INTEGRATIONS, serviceMessages } from '@shipyard/shared';
import { k } from '../../../lib/i18n/index.ts';

// The shared service texts these screens show, marked for translation and translated where shown
// (`t(m.heading)`); the types hold each to its shared text.

export const serviceTexts = {
  heading: k('Third-Party Services'),
  searchPlaceholder: k('Search services...'),
  allCategories: k('All Categories'),
  statsTitle: k('Service Usage Statistics'),
  addButton: k('Add Service'),
  usedBy: k('Used by'),
  notInUse: k('Not in use'),
  details: k('Details'),
  disable: k('Disable'),
  enable: k('Enable'),
  nameLabel: k('Service Name'),
  categoryLabel: k('Category'),
  descriptionLabel: k('Description'),
  integrationLabel: k('Integration Type'),
  apiKeyLabel: k('API Key'),
  added: k('Service added'),
  disabled: k('Service disabled'),
  enabled: k('Service enabled'),
  statusFailed: k('Failed to update service status'),
  deleted: k('Service deleted'),
  addFailed: k('Failed to add service'),
  deleteFailed: k('Failed to delete service'),
  empty: k('No services found'),
  loadFailed: k('Failed to load services'),
  deliveriesEmpty: k('No deliveries yet'),
  signingSecretTitle: k('Signing secret'),
  signingSecretNote: k(
    'Copy it now: it is shown only once. Receivers use it to verify X-Shipyard-Signature.',
  ),
} satisfies Partial<typeof serviceMessages>;

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
