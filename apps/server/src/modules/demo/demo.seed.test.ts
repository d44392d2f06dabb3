import { mentionedUserIds } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createUser } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { createTestDatabase } from '../../testing/test-app.ts';
import { PEOPLE, PRODUCTS } from './demo.data.ts';
import { type DemoLogins, demoEmail, demoLoginLines, demoPassword, seedDemoWorkspace } from './demo.seed.ts';

// The demo workspace (SEED_DEMO=1): its shape, that its people can sign in and its screens have
// figures, and its guard: never on a database with users, once when two processes start at once.

/** A Wednesday noon: the seed's dates are offsets from it. */
const NOW = new Date('2026-03-18T12:00:00.000Z');
const TODAY = '2026-03-18';
const fixedClock = { now: () => NOW };

const TASKS = PRODUCTS.flatMap((p) => p.tasks);
const COMPLETED = TASKS.filter((t) => t.status === 'Completed').length;
const COMMENTS = TASKS.flatMap((t) => t.comments ?? []);

const count = async (db: Db, table: string) => {
  const { rows } = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return rows[0]?.n ?? 0;
};

describe('the demo workspace on an empty database', () => {
  const { ctx } = useTestApp();
  let logins: DemoLogins | null;

  beforeAll(async () => {
    // The app's clock at the seed's "now", so the dashboard and analytics read the same week.
    ctx.clock.advance(NOW.getTime() - ctx.clock.now().getTime());
    logins = await seedDemoWorkspace(ctx.db, fixedClock);
  });

  it('creates its people, verified, with roles from super admin to guest', async () => {
    expect(logins?.accounts.map((a) => a.email)).toEqual(PEOPLE.map((p) => demoEmail(p.key)));
    expect(logins?.password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const { rows } = await ctx.db.execute<{ role: string; n: number; ok: number }>(sql`
      select role, count(*)::int as n,
        count(*) filter (where email_verified_at is not null and not must_change_password
                           and disabled_at is null and password_hash is not null)::int as ok
      from users group by role order by role`);
    expect(rows).toEqual([
      { role: 'admin', n: 1, ok: 1 },
      { role: 'guest', n: 1, ok: 1 },
      { role: 'member', n: 4, ok: 4 },
      { role: 'super admin', n: 1, ok: 1 },
    ]);
  });

  it('has a product in every stage, teams with leads and members', async () => {
    const { rows: stages } = await ctx.db.execute<{ status: string }>(
      sql`select distinct status from products order by status`,
    );
    expect(stages.map((r) => r.status)).toEqual([
      'development',
      'maintenance',
      'planning',
      'production',
      'testing',
    ]);
    expect(await count(ctx.db, 'products')).toBe(PRODUCTS.length);
    const { rows: teamShape } = await ctx.db.execute<{ leads: number; members: number; invited: number }>(sql`
      select count(*) filter (where is_lead)::int as leads,
        count(*) filter (where status = 'active' and not is_lead)::int as members,
        count(*) filter (where status = 'invited')::int as invited
      from team_members`);
    expect(await count(ctx.db, 'teams')).toBe(8);
    expect(teamShape[0]).toEqual({ leads: 8, members: 14, invited: 1 });
  });

  it('has tasks in every status with due dates overdue, this week and later', async () => {
    const { rows } = await ctx.db.execute<Record<string, number>>(sql`
      select count(*)::int as total,
        count(*) filter (where status = 'Pending')::int as pending,
        count(*) filter (where status = 'In Progress')::int as in_progress,
        count(*) filter (where status = 'Completed' and completed_at is not null)::int as completed,
        count(*) filter (where status <> 'Completed' and due_date < ${TODAY}::date)::int as overdue,
        count(*) filter (where status <> 'Completed' and due_date between ${TODAY}::date and ${TODAY}::date + 7)::int as this_week,
        count(*) filter (where status <> 'Completed' and due_date > ${TODAY}::date + 7)::int as later,
        count(*) filter (where completed_at > ${NOW}::timestamptz - interval '7 days')::int as done_this_week,
        count(*) filter (where completed_at > ${NOW}::timestamptz)::int as done_in_future,
        count(*) filter (where created_at > ${NOW}::timestamptz)::int as created_in_future
      from tasks`);
    expect(rows[0]).toEqual({
      total: TASKS.length,
      pending: 12,
      in_progress: 8,
      completed: COMPLETED,
      overdue: 4,
      this_week: 7,
      later: 8,
      done_this_week: 5,
      done_in_future: 0,
      created_in_future: 0,
    });
  });

  it('gives tasks comments with mentions, partly ticked checklists, labels and watchers', async () => {
    const { rows: comments } = await ctx.db.execute<{ body: string }>(sql`select body from task_comments`);
    expect(comments).toHaveLength(COMMENTS.length);
    expect(comments.filter((c) => mentionedUserIds(c.body).length > 0)).toHaveLength(
      COMMENTS.filter(([, , text]) => text.includes('@')).length,
    );
    const { rows: lists } = await ctx.db.execute<{ partly: number; all: number; none: number }>(sql`
      select count(*) filter (where checklist_done > 0 and checklist_done < checklist_total)::int as partly,
        count(*) filter (where checklist_total > 0 and checklist_done = checklist_total)::int as all,
        count(*) filter (where checklist_total > 0 and checklist_done = 0)::int as none
      from tasks`);
    expect(lists[0]).toEqual({ partly: 6, all: 4, none: 1 });
    expect(await count(ctx.db, 'labels')).toBe(18);
    expect(await count(ctx.db, 'task_labels')).toBeGreaterThan(40);
    expect(await count(ctx.db, 'task_watchers')).toBeGreaterThan(50);
  });

  it('has events before and after today, services in use, notifications to read', async () => {
    const { rows: ev } = await ctx.db.execute<{ past: number; upcoming: number }>(sql`
      select count(*) filter (where date < ${TODAY}::date)::int as past,
        count(*) filter (where date >= ${TODAY}::date)::int as upcoming from events`);
    expect(ev[0]).toEqual({ past: 2, upcoming: 6 });
    expect(await count(ctx.db, 'services')).toBe(4);
    expect(await count(ctx.db, 'service_products')).toBe(8);
    const { rows: unread } = await ctx.db.execute<{ type: string }>(sql`
      select distinct n.type from notifications n where n.read_at is null order by n.type`);
    expect(unread.map((r) => r.type)).toEqual(['INVITE', 'PRODUCT_STAGE', 'TASK_ASSIGNED', 'TASK_MENTION']);
  });

  it('writes an activity history over the last weeks, never in the future', async () => {
    const { rows } = await ctx.db.execute<{ kind: string; n: number }>(sql`
      select action_type as kind, count(*)::int as n from activities group by action_type order by action_type`);
    expect(Object.fromEntries(rows.map((r) => [r.kind, r.n]))).toEqual({
      comment_added: COMMENTS.length,
      event_scheduled: 6,
      prd_created: 6,
      status_changed: 11,
      // One more completion for the task that was reopened.
      task_completed: COMPLETED + 1,
      task_created: TASKS.length,
      // Pending → In Progress for every started task, and the reopening.
      task_status_updated: TASKS.filter((t) => t.status !== 'Pending').length + 1,
      team_created: 8,
      team_member_added: 14,
    });
    const { rows: spread } = await ctx.db.execute<{ weeks: number; future: number; reopened: number }>(sql`
      select count(distinct date_trunc('week', created_at)) filter (where created_at > ${NOW}::timestamptz - interval '42 days')::int as weeks,
        count(*) filter (where created_at > ${NOW}::timestamptz)::int as future,
        count(*) filter (where metadata->>'previousStatus' = 'Completed')::int as reopened
      from activities`);
    expect(spread[0]).toEqual({ weeks: 7, future: 0, reopened: 1 });
  });

  it('lets every demo account sign in with the printed password, no change asked', async () => {
    if (!logins) throw new Error('no logins');
    for (const account of logins.accounts) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: logins.password },
      });
      expect(res.statusCode, account.email).toBe(200);
      expect(res.json().token).toEqual(expect.any(String));
    }
    const lines = demoLoginLines(logins, 'http://localhost:3000');
    expect(lines[0]).toBe(
      `demo workspace created: sign in at http://localhost:3000/auth with password ${logins.password} as`,
    );
    expect(lines[1]).toMatch(/^ {2}ada@demo\.shipyard\.test +Ada Lovelace \(super admin\)$/);
  });

  it('fills the dashboard, analytics and reports with figures', async () => {
    if (!logins) throw new Error('no logins');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: demoEmail('ada'), password: logins.password },
    });
    const headers = { authorization: `Bearer ${login.json().token}` };
    const summary = await ctx.app.inject({ url: '/api/dashboard/summary', headers });
    expect(summary.json()).toEqual({
      activeProjects: 5,
      activeProjectsNew: 1,
      teamMembers: 7,
      teams: 8,
      completedTasks: COMPLETED,
      completedThisWeek: 5,
      completedLastWeek: 3,
      pendingReviews: 1,
    });
    const analytics = await ctx.app.inject({ url: '/api/analytics?timeframe=month&tz=UTC', headers });
    expect(analytics.statusCode).toBe(200);
    const a = analytics.json();
    expect(a.performance.series.some((s: { completed: number }) => s.completed > 0)).toBe(true);
    expect(a.quality.reopened).toBe(1);
    expect(a.quality.overdue).toBe(4);
    const report = await ctx.app.inject({ url: '/api/reports/project-status', headers });
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain('Harbor Billing');
  });

  it('does nothing the second time: the database has users now', async () => {
    const before = await count(ctx.db, 'activities');
    expect(await seedDemoWorkspace(ctx.db, fixedClock)).toBeNull();
    expect(await count(ctx.db, 'users')).toBe(PEOPLE.length);
    expect(await count(ctx.db, 'activities')).toBe(before);
  });
});

describe('the demo guard', () => {
  it('never seeds a database that has a user', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      await createUser({ db: database.db }, { role: 'super admin' });
      expect(await seedDemoWorkspace(database.db, fixedClock)).toBeNull();
      expect(await count(database.db, 'users')).toBe(1);
      expect(await count(database.db, 'products')).toBe(0);
    } finally {
      await drop();
    }
  });

  it('creates one workspace when two processes seed at once', async () => {
    const { url, database, drop } = await createTestDatabase();
    const { connectDatabase } = await import('../../db/client.ts');
    const other = connectDatabase(url, 2);
    try {
      const results = await Promise.all([
        seedDemoWorkspace(database.db, fixedClock),
        seedDemoWorkspace(other.db, fixedClock),
      ]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      expect(await count(database.db, 'users')).toBe(PEOPLE.length);
      expect(await count(database.db, 'products')).toBe(PRODUCTS.length);
    } finally {
      await other.close();
      await drop();
    }
  });

  it('makes a different password each time', () => {
    const seen = new Set(Array.from({ length: 50 }, () => demoPassword()));
    expect(seen.size).toBe(50);
  });
});
