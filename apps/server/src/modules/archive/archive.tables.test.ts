import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';
import { publicTables } from './archive.database.ts';
import { ARCHIVE_TABLES, NOT_EXPORTED } from './archive.tables.ts';

// One place lists what the workspace archive carries: a table added by a later migration fails
// here until it is put in ARCHIVE_TABLES (in restore order) or in NOT_EXPORTED with its reason.

const { ctx } = useTestApp();

describe('the tables of the workspace archive', () => {
  it('covers every table of the public schema: exported, or left out with a reason', async () => {
    const tables = await publicTables(ctx.pool);
    const listed = [...ARCHIVE_TABLES, ...Object.keys(NOT_EXPORTED)];
    expect(
      tables.filter((t) => !listed.includes(t)),
      'neither exported nor in NOT_EXPORTED',
    ).toEqual([]);
    expect(
      listed.filter((t) => !tables.includes(t)),
      'listed but not in the database',
    ).toEqual([]);
    expect(
      ARCHIVE_TABLES.filter((t) => t in NOT_EXPORTED),
      'both exported and not',
    ).toEqual([]);
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(20);
  });

  it('lists every table after the tables its foreign keys point to (the order a restore inserts them)', async () => {
    const { rows } = await ctx.pool.query<{ from: string; to: string }>(
      // Table names, not regclass text: with the app's search path (live first) a table shadowed by its
      // live view would read 'public.tasks'.
      `SELECT f.relname AS from, t.relname AS to
         FROM pg_constraint c JOIN pg_class f ON f.oid = c.conrelid JOIN pg_class t ON t.oid = c.confrelid
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
    );
    const order = ARCHIVE_TABLES as readonly string[];
    for (const { from, to } of rows) {
      if (!order.includes(from)) continue;
      expect(order.includes(to), `${from} points to ${to}, which is not exported`).toBe(true);
      expect(order.indexOf(to), `${to} must come before ${from}`).toBeLessThanOrEqual(order.indexOf(from));
    }
  });
});
