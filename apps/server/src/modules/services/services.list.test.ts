import { describe, expect, it } from 'vitest';
import { services } from '../../db/schema/index.ts';
import { createProduct } from '../../testing/factories.ts';
import { type ServiceBody, useServiceTests } from './services.test-kit.ts';

// The services page: GET /api/services, its search, filter and figures.
const { ctx, as, member, admin, addService } = useServiceTests();

describe('GET /api/services', () => {
  it('searches name or description ignoring case, filters by category, and counts every service in the stats', async () => {
    await ctx.db.delete(services);
    const mia = await member('Mia Member');
    const seen = await createProduct(ctx, mia.user.id, { name: 'Seen' });
    const other = await createProduct(ctx, admin.user.id, { name: 'Hidden' });
    const third = await createProduct(ctx, admin.user.id, { name: 'Third' });
    const slack = await addService({
      name: 'Slack',
      category: 'Communication',
      description: 'Team chat',
      productIds: [seen.id, other.id, third.id],
    });
    const github = await addService({
      name: 'GitHub',
      category: 'Development',
      description: 'Code hosting',
      productIds: [seen.id, other.id],
    });
    const teams = await addService({
      name: 'Teams',
      category: 'Communication',
      description: 'Video CHAT',
      status: 'Pending',
    });
    const sentry = await addService({
      name: 'Sentry',
      category: 'Monitoring',
      description: 'Errors',
      productIds: [other.id],
    });
    await as(admin, {
      method: 'PATCH',
      url: `/api/services/${sentry.id}/status`,
      payload: { status: 'Inactive' },
    });

    const all = await as(admin, { url: '/api/services' });
    expect(all.statusCode).toBe(200);
    const body = all.json<{ data: ServiceBody[]; stats: object }>();
    expect(body.data.map((s) => s.name)).toEqual(['GitHub', 'Sentry', 'Slack', 'Teams']);
    expect(body.stats).toEqual({
      total: 4,
      active: 2,
      inactive: 1,
      pending: 1,
      byCategory: [
        { category: 'Development', count: 1 },
        { category: 'Communication', count: 2 },
        { category: 'Monitoring', count: 1 },
      ],
      mostUsed: [
        { id: slack.id, name: 'Slack', products: 3 },
        { id: github.id, name: 'GitHub', products: 2 },
        { id: sentry.id, name: 'Sentry', products: 1 },
      ],
      productsUsing: 3,
    });

    const chat = (await as(admin, { url: '/api/services?search=cHaT' })).json<{
      data: ServiceBody[];
      stats: { total: number };
    }>();
    expect(chat.data.map((s) => s.name)).toEqual(['Slack', 'Teams']);
    expect(chat.stats.total).toBe(4);
    const byName = (await as(admin, { url: '/api/services?search=git' })).json<{ data: ServiceBody[] }>();
    expect(byName.data.map((s) => s.id)).toEqual([github.id]);
    const literal = (await as(admin, { url: '/api/services?search=%25' })).json<{ data: ServiceBody[] }>();
    expect(literal.data).toEqual([]);

    const communication = (await as(admin, { url: '/api/services?category=Communication' })).json<{
      data: ServiceBody[];
    }>();
    expect(communication.data.map((s) => s.id)).toEqual([slack.id, teams.id]);
    const both = (await as(admin, { url: '/api/services?category=Communication&search=video' })).json<{
      data: ServiceBody[];
    }>();
    expect(both.data.map((s) => s.id)).toEqual([teams.id]);
    expect((await as(admin, { url: '/api/services?category=all' })).json().data).toHaveLength(4);
    expect((await as(admin, { url: '/api/services?category=Gaming' })).statusCode).toBe(400);

    // A member sees only the products they may see, in the chips and in the figures.
    const asMia = (await as(mia, { url: '/api/services' })).json<{
      data: ServiceBody[];
      stats: { mostUsed: unknown; productsUsing: number; total: number };
    }>();
    expect(asMia.data.find((s) => s.id === slack.id)?.usedBy).toEqual([{ id: seen.id, name: 'Seen' }]);
    expect(asMia.data.find((s) => s.id === sentry.id)?.usedBy).toEqual([]);
    expect(asMia.stats.total).toBe(4);
    expect(asMia.stats.mostUsed).toEqual([
      { id: github.id, name: 'GitHub', products: 1 },
      { id: slack.id, name: 'Slack', products: 1 },
    ]);
    expect(asMia.stats.productsUsing).toBe(1);
  });

  it('answers empty figures with no service', async () => {
    await ctx.db.delete(services);
    const res = await as(admin, { url: '/api/services' });
    expect(res.json()).toEqual({
      data: [],
      stats: { total: 0, active: 0, inactive: 0, pending: 0, byCategory: [], mostUsed: [], productsUsing: 0 },
    });
  });
});
