import { describe, expect, it } from 'vitest';
import { createProduct } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';

// Analytics and the reports are served from a cache (lib/fresh-cache.ts): every write through
// the API shows in the very next request, with exact figures (issue 17). The real clock: rows
// take their created_at from the database.

type Kpi = { key: string; value: number | null };
type Item = { key: string; value: unknown };

describe('analytics and reports after writes', () => {
  const { ctx, as, signedIn } = useTestApp();

  const setup = async () => {
    const root = await signedIn('super admin', 'Root');
    const apollo = await createProduct(ctx, root.user.id, { name: 'Apollo' });
    const borealis = await createProduct(ctx, root.user.id, { name: 'Borealis' });
    const kpis = async (products = '') => {
      const res = await as(root, {
        url: `/api/analytics?timeframe=week${products && `&products=${products}`}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json() as { kpis: Kpi[]; quality: { open: number; critical: number } };
      const value = (key: string) => body.kpis.find((k) => k.key === key)?.value;
      return {
        completed: value('throughput'),
        created: value('created'),
        open: value('openNow'),
        critical: body.quality.critical,
      };
    };
    const projectStatus = async () => {
      const res = await as(root, { url: '/api/reports/project-status' });
      expect(res.statusCode).toBe(200);
      const summary = (res.json() as { summary: Item[] }).summary;
      const value = (key: string) => summary.find((s) => s.key === key)?.value;
      return { open: value('openTasks'), completedInPeriod: value('completedInPeriod') };
    };
    const write = async (req: Parameters<typeof as>[1], status = 200) => {
      const res = await as(root, req);
      expect(res.statusCode, res.body).toBe(status);
      return res.json() as { id: string };
    };
    return { apollo, borealis, kpis, projectStatus, write };
  };

  it('shows a create, a status change, a move between products and a delete in the next request', async () => {
    const { apollo, borealis, kpis, projectStatus, write } = await setup();
    const empty = { completed: 0, created: 0, open: 0, critical: 0 };
    expect(await kpis()).toEqual(empty);
    expect(await kpis()).toEqual(empty);
    expect(await projectStatus()).toEqual({ open: 0, completedInPeriod: 0 });

    const task = await write(
      {
        method: 'POST',
        url: '/api/tasks',
        payload: { title: 'Ship it', projectId: apollo.id, priority: 'critical' },
      },
      201,
    );
    expect(await kpis()).toEqual({ completed: 0, created: 1, open: 1, critical: 1 });
    expect(await projectStatus()).toEqual({ open: 1, completedInPeriod: 0 });

    await write({ method: 'PATCH', url: `/api/tasks/${task.id}/update`, payload: { priority: 'low' } });
    expect(await kpis()).toEqual({ completed: 0, created: 1, open: 1, critical: 0 });

    await write({
      method: 'PATCH',
      url: `/api/tasks/${task.id}/task/update`,
      payload: { status: 'Completed' },
    });
    expect(await kpis()).toEqual({ completed: 1, created: 1, open: 0, critical: 0 });
    expect(await projectStatus()).toEqual({ open: 0, completedInPeriod: 1 });

    expect(await kpis(apollo.id)).toEqual({ completed: 1, created: 1, open: 0, critical: 0 });
    expect(await kpis(borealis.id)).toEqual(empty);
    await write({
      method: 'PATCH',
      url: `/api/tasks/${task.id}/update`,
      payload: { projectId: borealis.id },
    });
    expect(await kpis(apollo.id)).toEqual(empty);
    expect(await kpis(borealis.id)).toEqual({ completed: 1, created: 1, open: 0, critical: 0 });

    await write({
      method: 'PATCH',
      url: `/api/tasks/${task.id}/task/update`,
      payload: { status: 'Pending' },
    });
    expect(await kpis(borealis.id)).toEqual({ completed: 0, created: 1, open: 1, critical: 0 });
    expect(await projectStatus()).toEqual({ open: 1, completedInPeriod: 0 });

    await write({ method: 'DELETE', url: `/api/tasks/${task.id}` });
    expect(await kpis()).toEqual(empty);
    expect(await kpis(borealis.id)).toEqual(empty);
    expect(await projectStatus()).toEqual({ open: 0, completedInPeriod: 0 });
  });

  it('sends the same JSON to every request that shares the figures, as the route schema writes it', async () => {
    const { apollo } = await setup();
    const root = await signedIn('super admin', 'Root 3');
    const url = `/api/analytics?timeframe=month&products=${apollo.id}`;
    const [a, b] = await Promise.all([as(root, { url }), as(root, { url })]);
    const c = await as(root, { url });
    expect(a.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(c.body).toBe(a.body);
    expect(Object.keys(a.json())).toEqual([
      'timeframe',
      'granularity',
      'timeZone',
      'products',
      'from',
      'to',
      'previousFrom',
      'previousTo',
      'kpis',
      'performance',
      'quality',
      'productivity',
    ]);
    const report = await as(root, { url: '/api/reports/resource-allocation' });
    expect(report.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await as(root, { url: '/api/reports/resource-allocation' })).body).toBe(report.body);
  });

  it('shows a renamed product in the next report', async () => {
    const { write } = await setup();
    const root = await signedIn('super admin', 'Root 2');
    const calypso = await createProduct(ctx, root.user.id, { name: 'Calypso' });
    const names = async () => {
      const res = await as(root, { url: '/api/reports/project-status' });
      return (res.json() as { table: { rows: { product: string }[] } }).table.rows.map((r) => r.product);
    };
    expect(await names()).toContain('Calypso');
    await write({ method: 'PATCH', url: `/api/projects/${calypso.id}`, payload: { name: 'Calypso 2' } });
    const after = await names();
    expect(after).toContain('Calypso 2');
    expect(after).not.toContain('Calypso');
  });
});
