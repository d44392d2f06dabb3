import { describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../lib/storage/disk.ts';
import { useTestApp } from '../../testing/http.ts';
import { writeArchive } from './archive.export.ts';

const { ctx } = useTestApp();

describe('writing the archive', () => {
  it('gives up (and frees the connection) when the reader stops reading past the idle limit', async () => {
    await ctx.pool.query(`INSERT INTO audit_log (action) SELECT 'export' FROM generate_series(1, 2000)`);
    const archive = writeArchive({
      pool: ctx.pool,
      storage: createDiskStorage(ctx.dataDir),
      clock: { now: () => new Date() },
      idleLimitSeconds: 0.3,
    });
    const lines: string[] = [];
    for (;;) {
      const next = await archive.next();
      lines.push(String(next.value));
      if (lines.join('').includes('"table":"audit_log"')) break;
    }
    const before = ctx.pool.totalCount;
    await new Promise((r) => setTimeout(r, 800));
    await expect(archive.next()).rejects.toThrow();
    expect(ctx.pool.totalCount).toBeLessThan(before);
    // The pool still serves.
    expect((await ctx.pool.query('SELECT 1 AS ok')).rows).toEqual([{ ok: 1 }]);
  });
});
