import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  activities,
  auditLog,
  customFields,
  labels,
  productGateMarks,
  taskLabels,
  tasks,
} from '../../db/schema/index.ts';
import { createTask } from '../../testing/factories.ts';
import { type Req, type Signed, useTestApp } from '../../testing/http.ts';

// Stage gates (issue 32): a forward move checks the exit criteria of the stage it leaves and of
// those it skips; refused, overridden or passed, each decision is in the activity and the audit log.
const { ctx, as, member, guest, signedIn, productOf } = useTestApp();

const putGate = (productId: string, stage: string, criteria: object[]): Req => ({
  method: 'PUT',
  url: `/api/projects/${productId}/gates/${stage}`,
  payload: { criteria },
});
const move = (productId: string, status: string, override?: object): Req => ({
  method: 'PATCH',
  url: `/api/projects/${productId}/status`,
  payload: { status, ...(override && { override }) },
});
const gatesOf = (productId: string): Req => ({ method: 'GET', url: `/api/projects/${productId}/gates` });
type Gates = {
  current: Array<{ id: string; kind: string; label: string; met: boolean; note: string | null }>;
};

const entriesOf = async (productId: string, actionType: string) =>
  ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.productId, productId), eq(activities.actionType, actionType)));
const auditOf = async (productId: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, productId), eq(auditLog.action, action)));

/** A product of `owner` in `status` with these exit criteria on that stage. */
async function gated(owner: Signed, criteria: object[], people: Signed[] = [], status = 'testing') {
  const { product } = await productOf(owner, people, { status: status as 'testing' });
  const res = await as(owner, putGate(product.id, status, criteria));
  expect(res.statusCode, res.body).toBe(200);
  return { product, gates: res.json<Gates>() };
}

describe('criterion kinds', () => {
  it('manual: unmet until someone confirms it, met after', async () => {
    const owner = await member();
    const { product, gates } = await gated(owner, [{ kind: 'manual', label: 'QA sign-off' }]);
    expect(gates.current[0]).toMatchObject({ kind: 'manual', met: false });
    const id = gates.current[0]?.id;
    const res = await as(owner, {
      method: 'PUT',
      url: `/api/projects/${product.id}/gates/criteria/${id}/confirmation`,
      payload: { confirmed: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().current[0]).toMatchObject({ met: true, confirmedBy: { id: owner.user.id } });
    expect(await entriesOf(product.id, 'stage_gate_confirmed')).toHaveLength(1);
    expect(await auditOf(product.id, 'stage_gate.confirmed')).toHaveLength(1);
    const back = await as(owner, {
      method: 'PUT',
      url: `/api/projects/${product.id}/gates/criteria/${id}/confirmation`,
      payload: { confirmed: false },
    });
    expect(back.json().current[0]).toMatchObject({ met: false });
    expect(await entriesOf(product.id, 'stage_gate_unconfirmed')).toHaveLength(1);
  });

  it('field: every task of the product has the custom field filled', async () => {
    const owner = await member();
    const { product } = await gated(owner, [{ kind: 'field', label: 'Evidence', field: 'evidence' }]);
    let state = (await as(owner, gatesOf(product.id))).json<Gates>().current[0];
    expect(state).toMatchObject({ met: false, note: 'No custom field named "evidence"' });
    const [field] = await ctx.db
      .insert(customFields)
      .values({ productId: product.id, name: 'Evidence', type: 'text' })
      .returning();
    const task = await createTask(ctx, product.id, { title: 'Check' });
    state = (await as(owner, gatesOf(product.id))).json<Gates>().current[0];
    expect(state).toMatchObject({ met: false, note: '1 task has it empty' });
    await ctx.db
      .update(tasks)
      .set({ fields: { [field?.id ?? '']: 'https://ci/run/1' } })
      .where(eq(tasks.id, task.id));
    state = (await as(owner, gatesOf(product.id))).json<Gates>().current[0];
    expect(state).toMatchObject({ met: true });
  });

  it('phase_done: every task of the phase completed', async () => {
    const owner = await member();
    const { product } = await gated(owner, [{ kind: 'phase_done', label: 'Testing done', phase: 'testing' }]);
    const task = await createTask(ctx, product.id, { phase: 'testing' });
    await createTask(ctx, product.id, { phase: 'development' });
    expect((await as(owner, gatesOf(product.id))).json<Gates>().current[0]).toMatchObject({
      met: false,
      note: '1 task not completed',
    });
    await ctx.db.update(tasks).set({ status: 'Completed' }).where(eq(tasks.id, task.id));
    expect((await as(owner, gatesOf(product.id))).json<Gates>().current[0]).toMatchObject({ met: true });
  });

  it('no_label: no open task carries the label', async () => {
    const owner = await member();
    const { product } = await gated(owner, [
      { kind: 'no_label', label: 'No blockers', labelName: 'blocker' },
    ]);
    expect((await as(owner, gatesOf(product.id))).json<Gates>().current[0]).toMatchObject({ met: true });
    const [label] = await ctx.db
      .insert(labels)
      .values({ productId: product.id, name: 'Blocker', color: '#ff0000' })
      .returning();
    const task = await createTask(ctx, product.id);
    await ctx.db.insert(taskLabels).values({ taskId: task.id, labelId: label?.id ?? '' });
    expect((await as(owner, gatesOf(product.id))).json<Gates>().current[0]).toMatchObject({ met: false });
    await createTask(ctx, product.id, { status: 'Completed' });
    await ctx.db.update(tasks).set({ status: 'Completed' }).where(eq(tasks.id, task.id));
    expect((await as(owner, gatesOf(product.id))).json<Gates>().current[0]).toMatchObject({ met: true });
  });
});

describe('moving forward', () => {
  const criteria = [
    { kind: 'manual', label: 'Release notes written' },
    { kind: 'no_label', label: 'No blockers', labelName: 'blocker' },
  ];

  it('refuses a move past unmet criteria with 409 GATE_UNMET and records the refusal', async () => {
    const owner = await member();
    const { product, gates } = await gated(owner, [criteria[0] as object]);
    const res = await as(owner, move(product.id, 'Production'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'GATE_UNMET',
      details: {
        unmet: [
          { id: gates.current[0]?.id, kind: 'manual', label: 'Release notes written', stage: 'testing' },
        ],
        canOverride: true,
      },
    });
    const [entry] = await entriesOf(product.id, 'stage_gate_refused');
    expect(entry?.metadata).toEqual({
      fromStage: 'testing',
      toStage: 'production',
      unmet: [{ id: gates.current[0]?.id, kind: 'manual', label: 'Release notes written', stage: 'testing' }],
    });
    expect(await auditOf(product.id, 'stage_gate.refused')).toHaveLength(1);
    // The move itself rolled back.
    expect((await as(owner, gatesOf(product.id))).json()).toMatchObject({ currentStage: 'testing' });
  });

  it('checks the stages a move skips, and lets a move backwards through', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { status: 'planning' });
    await as(owner, putGate(product.id, 'development', [{ kind: 'manual', label: 'Design reviewed' }]));
    const res = await as(owner, move(product.id, 'testing'));
    expect(res.statusCode).toBe(409);
    expect(res.json().details.unmet).toEqual([expect.objectContaining({ stage: 'development' })]);
    const { product: later } = await gated(owner, [{ kind: 'manual', label: 'x' }], [], 'testing');
    expect((await as(owner, move(later.id, 'planning'))).statusCode).toBe(200);
  });

  it('lets the creator and an admin override with a reason, in the activity and the audit log', async () => {
    const owner = await member();
    const admin = await signedIn('admin', 'Ada Admin');
    for (const who of [owner, admin]) {
      const { product } = await gated(owner, criteria);
      const res = await as(who, move(product.id, 'production', { reason: 'Hotfix for a customer' }));
      expect(res.statusCode, res.body).toBe(200);
      const [entry] = await entriesOf(product.id, 'stage_gate_overridden');
      expect(entry?.metadata).toMatchObject({
        fromStage: 'testing',
        toStage: 'production',
        reason: 'Hotfix for a customer',
        unmet: [expect.objectContaining({ kind: 'manual' })],
      });
      expect(entry?.performedBy).toBe(who.user.id);
      const [audit] = await auditOf(product.id, 'stage_gate.overridden');
      expect(audit).toMatchObject({
        actorId: who.user.id,
        details: expect.objectContaining({ reason: 'Hotfix for a customer' }),
      });
    }
  });

  it('refuses an override to a member who is not the creator (403), without a reason (400), and any move to a guest', async () => {
    const owner = await member();
    const teammate = await member('Tom Teammate');
    const viewer = await guest();
    const { product } = await gated(owner, criteria, [teammate, viewer]);
    const refused = await as(teammate, move(product.id, 'production'));
    expect(refused.json()).toMatchObject({ code: 'GATE_UNMET', details: { canOverride: false } });
    const forbidden = await as(teammate, move(product.id, 'production', { reason: 'Because' }));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('GATE_OVERRIDE_FORBIDDEN');
    expect((await as(owner, move(product.id, 'production', {}))).statusCode).toBe(400);
    expect((await as(owner, move(product.id, 'production', { reason: '   ' }))).statusCode).toBe(400);
    expect((await as(owner, move(product.id, 'production', { reason: 'x'.repeat(501) }))).statusCode).toBe(
      400,
    );
    expect((await as(viewer, move(product.id, 'production', { reason: 'Because' }))).statusCode).toBe(403);
    // PATCH /projects/:id checks the same gate.
    const patch = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}`,
      payload: { status: 'production' },
    });
    expect(patch.statusCode).toBe(409);
    const patched = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}`,
      payload: { status: 'production', override: { reason: 'Ship it' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
  });

  it('records a pass when the criteria are met, and clears confirmations when the product leaves the stage', async () => {
    const owner = await member();
    const { product, gates } = await gated(owner, [criteria[0] as object]);
    const id = gates.current[0]?.id;
    await as(owner, {
      method: 'PUT',
      url: `/api/projects/${product.id}/gates/criteria/${id}/confirmation`,
      payload: { confirmed: true },
    });
    expect((await as(owner, move(product.id, 'production'))).statusCode).toBe(200);
    const [passed] = await entriesOf(product.id, 'stage_gate_passed');
    expect(passed?.metadata).toEqual({ fromStage: 'testing', toStage: 'production' });
    expect(await auditOf(product.id, 'stage_gate.passed')).toHaveLength(1);
    expect(
      await ctx.db.select().from(productGateMarks).where(eq(productGateMarks.productId, product.id)),
    ).toEqual([]);
    // Back in testing, the item must be confirmed again.
    await as(owner, move(product.id, 'testing'));
    expect((await as(owner, gatesOf(product.id))).json<Gates>().current[0]).toMatchObject({ met: false });
  });

  it('records no pass for a stage without criteria', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { status: 'maintenance' });
    await as(owner, move(product.id, 'planning'));
    expect((await as(owner, move(product.id, 'development'))).statusCode).toBe(200);
    expect(await entriesOf(product.id, 'stage_gate_passed')).toEqual([]);
  });
});
