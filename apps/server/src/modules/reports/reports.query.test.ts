import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../testing/factories.ts';
import { rowsOf, summaryOf, useReportWorld } from './reports.test-kit.ts';

// What a report request may ask: its period and type, and who may ask at all.
const { ctx, today, day, get, boss, ann, ben, cat } = useReportWorld();

describe('GET /api/reports/{type}', () => {
  it('takes the period from `from` and `to`: completions and milestones follow it', async () => {
    const lastFive = await get(`/api/reports/team-productivity?from=${day(-5)}&to=${today()}`);
    expect(lastFive).toMatchObject({ from: day(-5), to: today() });
    expect(summaryOf(lastFive)).toMatchObject({ completed: 2, open: 6, contributors: 2, topPerson: 'Ann' });
    expect(rowsOf(lastFive).filter((r) => r.scope === 'Person')).toEqual([
      { scope: 'Person', name: 'Ann', product: null, email: ann.email, completed: 1, open: 1 },
      { scope: 'Person', name: 'Ben', product: null, email: ben.email, completed: 1, open: 1 },
      { scope: 'Person', name: 'Cat', product: null, email: cat.email, completed: 0, open: 1 },
      { scope: 'Person', name: 'Unassigned', product: null, email: null, completed: 0, open: 3 },
    ]);

    const status = await get(`/api/reports/project-status?from=${day(-5)}&to=${today()}`);
    expect(summaryOf(status)).toMatchObject({ products: 7, completedInPeriod: 2, openTasks: 6 });

    // Into the future: Apollo's target (in 30 days) is upcoming.
    const ahead = await get(`/api/reports/milestone-analysis?from=${day(-30)}&to=${day(60)}`);
    expect(summaryOf(ahead)).toMatchObject({ milestones: 6, met: 2, missed: 3, upcoming: 1, onTimeRate: 40 });
    expect(rowsOf(ahead).at(-1)).toMatchObject({ product: 'Apollo', outcome: 'Upcoming', daysLate: null });

    // Only `to`: the 90 days that end there.
    expect(await get(`/api/reports/resource-allocation?to=${day(-10)}`)).toMatchObject({
      from: day(-99),
      to: day(-10),
    });
  });

  it('refuses a period that is malformed, backwards or longer than 1096 days with 400', async () => {
    for (const query of [
      'from=2026-02-30',
      'to=yesterday',
      `from=${day(1)}&to=${today()}`,
      `from=${day(-1096)}&to=${today()}`,
    ]) {
      const res = await ctx.app.inject({
        url: `/api/reports/project-status?${query}`,
        headers: boss.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await ctx.app.inject({ url: `/api/reports/project-status?from=${day(-1095)}`, headers: boss.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 400 for an unknown report type', async () => {
    for (const url of ['/api/reports/velocity', '/api/reports/velocity.csv']) {
      const res = await ctx.app.inject({ url, headers: boss.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unknown report type.' });
    }
  });

  it('refuses admins, members and guests with 403, and a caller without a session with 401', async () => {
    for (const role of ['admin', 'member', 'guest'] as const) {
      const { headers } = await createSignedInUser(ctx, { role });
      for (const url of [
        '/api/reports/project-status',
        '/api/reports/project-status.csv',
        '/api/reports/milestone-analysis?format=csv',
        // Refused before the type or the period are even read.
        '/api/reports/velocity?from=nonsense',
      ]) {
        const res = await ctx.app.inject({ url, headers });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Only super admins can view reports.',
        });
      }
    }
    expect((await ctx.app.inject('/api/reports/project-status')).statusCode).toBe(401);
    expect((await ctx.app.inject('/api/reports/project-status.csv')).statusCode).toBe(401);
  });
});
