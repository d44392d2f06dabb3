import type { Service, ServiceList, ServiceStats } from '@shipyard/shared';

/** A service as GET /api/services answers it. */
export function makeService(overrides: Partial<Service> = {}): Service {
  return {
    id: 's-slack',
    name: 'Slack',
    category: 'Communication',
    description: 'Team chat and alerts',
    integration: 'Direct API',
    status: 'Active',
    lastUpdated: '2026-03-05T10:00:00.000Z',
    usedBy: [
      { id: 'p-apollo', name: 'Apollo' },
      { id: 'p-borealis', name: 'Borealis' },
    ],
    apiKey: '••••••••abcd',
    webhookUrl: null,
    hasWebhookSecret: false,
    ...overrides,
  };
}

export const slack = makeService();
export const github = makeService({
  id: 's-github',
  name: 'GitHub',
  category: 'Development',
  description: 'Code hosting',
  integration: 'Webhook',
  status: 'Inactive',
  usedBy: [],
  apiKey: null,
  webhookUrl: 'https://hooks.example.com/github',
  hasWebhookSecret: true,
});

export function makeStats(overrides: Partial<ServiceStats> = {}): ServiceStats {
  return {
    total: 2,
    active: 1,
    inactive: 1,
    pending: 0,
    byCategory: [
      { category: 'Development', count: 1 },
      { category: 'Communication', count: 1 },
    ],
    mostUsed: [{ id: 's-slack', name: 'Slack', products: 2 }],
    productsUsing: 2,
    ...overrides,
  };
}

export const serviceList = (data: Service[] = [slack, github], stats = makeStats()): ServiceList => ({
  data,
  stats,
});
