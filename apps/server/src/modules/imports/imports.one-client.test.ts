import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvImport, useImportTests } from './imports.test-kit.ts';

// An import reads the product's teams, people, labels and fields on its transaction's one client:
// one query at a time (pg warns, and pg 9 will fail, when a client is given a second one at once).
const { as, alice, productId, taskCount } = useImportTests();

afterEach(() => vi.restoreAllMocks());

describe('CSV import on one client', () => {
  it('imports without giving its transaction two queries at once', async () => {
    const warnings = vi.spyOn(process, 'emitWarning');
    const before = await taskCount();
    const csv = 'title,team,assignee,labels\nOne client,Web,,Launch\n';
    const res = await as(alice, csvImport({ csv }, productId()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, errors: [] });
    expect(await taskCount()).toBe(before + 1);
    const said = warnings.mock.calls.map(([warning]) => String(warning));
    expect(said.filter((w) => w.includes('already executing'))).toEqual([]);
  });
});
