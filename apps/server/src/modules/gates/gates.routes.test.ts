import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, auditLog, notifications } from '../../db/schema/index.ts';
import { type Req, type Signed, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';

// Stage gates (issue 32): who may read and change the criteria, the workspace default, approvals
// and their notifications, the template part, and the failures of every route.
const { ctx, as, member, guest, signedIn, productOf } = useTestApp();

const CRITERION = '11111111-1111-4111-8111-111111111111';
const putGate = (productId: string, stage: string, criteria: object[]): Req => ({
  method: 'PUT',
  url: `/api/projects/${productId}/gates/${stage}`,
  payload: { criteria },
});
const gatesOf = (productId: string): Req => ({ method: 'GET', url: `/api/projects/${productId}/gates` });
const criterionUrl = (productId: string, id: string, what: string) =>
  `/api/projects/${productId}/gates/criteria/${id}/${what}`;
const decide = (productId: string, id: string, decision: string, comment?: string): Req => ({
  method: 'POST',
  url: criterionUrl(productId, id, 'decision'),
  payload: { decision, ...(comment && { comment }) },
});
const requestApproval = (productId: string, id: string): Req => ({
  method: 'POST',
  url: criterionUrl(productId, id, 'approval-request'),
});

const every = (productId: string): Req[] => [
  gatesOf(productId),
  { method: 'GET', url: `/api/projects/${productId}/gates/approver-candidates` },
  putGate(productId, 'testing', []),
  { method: 'DELETE', url: `/api/projects/${productId}/gates/testing` },
  { method: 'PUT', url: criterionUrl(productId, CRITERION, 'confirmation'), payload: { confirmed: true } },
  requestApproval(productId, CRITERION),
  decide(productId, CRITERION, 'approve'),
];

async function approvalOn(owner: Signed, people: Signed[], approval: object) {
  const { product } = await productOf(owner, people, { status: 'testing' });
  const res = await as(
    owner,
    putGate(product.id, 'testing', [{ kind: 'approval', label: 'PM approval', ...approval }]),
  );
  expect(res.statusCode, res.body).toBe(200);
  return { product, id: res.json().current[0].id as string };
}

describe('stage gate routes', () => {
  it('answers 401 without a session, 404 for a product the caller does not see', async () => {
    const stranger = await member('Sam Stranger');
    const owner = await member();
    const { product } = await productOf(owner);
    for (const req of [
      ...every(UNKNOWN_ID),
      { method: 'GET', url: '/api/stage-gates' },
      { method: 'PUT', url: '/api/stage-gates/testing', payload: { criteria: [] } },
    ] satisfies Req[]) {
      expect((await as(undefined, req)).statusCode, `${req.method} ${req.url}`).toBe(401);
    }
    for (const req of every(product.id)) {
      expect((await as(stranger, req)).statusCode, `${req.method} ${req.url}`).toBe(404);
    }
  });

  it('lets only the creator or an admin change a product’s criteria (403 otherwise), guests act on nothing', async () => {
    const owner = await member();
    const teammate = await member('Tom Teammate');
    const viewer = await guest();
    const { product } = await productOf(owner, [teammate, viewer], { status: 'testing' });
    expect((await as(teammate, putGate(product.id, 'testing', []))).statusCode).toBe(403);
    expect((await as(viewer, putGate(product.id, 'testing', []))).statusCode).toBe(403);
    const res = await as(owner, putGate(product.id, 'testing', [{ kind: 'manual', label: 'Signed' }]));
    const id = res.json().current[0].id;
    const confirm: Req = {
      method: 'PUT',
      url: criterionUrl(product.id, id, 'confirmation'),
      payload: { confirmed: true },
    };
    expect((await as(viewer, confirm)).statusCode).toBe(403);
    expect((await as(teammate, confirm)).statusCode).toBe(200);
    expect((await as(viewer, gatesOf(product.id))).json()).toMatchObject({ canEdit: false, canAct: false });
    expect((await as(teammate, confirm)).json()).toMatchObject({ canEdit: false, canAct: true });
  });

  it('bounds the criteria: labels, count, kinds and approvers (400)', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const bad = [
      [{ kind: 'manual', label: '' }],
      [{ kind: 'manual', label: 'x'.repeat(201) }],
      Array.from({ length: 21 }, (_, i) => ({ kind: 'manual', label: `Item ${i}` })),
      [{ kind: 'unknown', label: 'x' }],
      [{ kind: 'approval', label: 'x', userIds: [], roles: [] }],
      [{ kind: 'phase_done', label: 'x', phase: 'nowhere' }],
      [{ kind: 'field', label: 'x' }],
    ];
    for (const criteria of bad) {
      expect(
        (await as(owner, putGate(product.id, 'testing', criteria))).statusCode,
        JSON.stringify(criteria),
      ).toBe(400);
    }
    expect((await as(owner, putGate(product.id, 'nowhere', []))).statusCode).toBe(400);
  });

  it('uses the workspace default where the product has none, customises and resets to it', async () => {
    const admin = await signedIn('admin', 'Ada Admin');
    const owner = await member();
    expect(
      (await as(owner, { method: 'PUT', url: '/api/stage-gates/production', payload: { criteria: [] } }))
        .statusCode,
    ).toBe(403);
    const ws = await as(admin, {
      method: 'PUT',
      url: '/api/stage-gates/production',
      payload: { criteria: [{ kind: 'manual', label: 'Runbook updated' }] },
    });
    expect(ws.statusCode).toBe(200);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, 'stage_gates.production'));
    expect(entry).toMatchObject({ action: 'stage_gate.criteria_changed', actorId: admin.user.id });
    const { product } = await productOf(owner, [], { status: 'production' });
    let gates = (await as(owner, gatesOf(product.id))).json();
    expect(gates.stages.find((s: { stage: string }) => s.stage === 'production')).toMatchObject({
      source: 'workspace',
      criteria: [{ label: 'Runbook updated' }],
    });
    expect(gates.current).toEqual([expect.objectContaining({ label: 'Runbook updated', met: false })]);
    await as(owner, putGate(product.id, 'production', [{ kind: 'manual', label: 'Our own' }]));
    gates = (await as(owner, gatesOf(product.id))).json();
    expect(gates.current).toEqual([expect.objectContaining({ label: 'Our own' })]);
    const reset = await as(owner, { method: 'DELETE', url: `/api/projects/${product.id}/gates/production` });
    expect(reset.json().current).toEqual([expect.objectContaining({ label: 'Runbook updated' })]);
    // A gate of the workspace's holds a product without its own.
    const moved = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'maintenance' },
    });
    expect(moved.statusCode).toBe(409);
    await as(admin, { method: 'PUT', url: '/api/stage-gates/production', payload: { criteria: [] } });
  });

  it('notifies the approvers who see the product, lets only them decide, and a rejection keeps it unmet', async () => {
    const owner = await member();
    const approver = await member('Pam Approver');
    const outsider = await member('Olga Outsider');
    const admin = await signedIn('admin', 'Ada Admin');
    const { product, id } = await approvalOn(owner, [approver], {
      userIds: [approver.user.id, outsider.user.id],
      roles: ['admin'],
    });
    expect((await as(owner, requestApproval(product.id, id))).statusCode).toBe(200);
    const sent = await ctx.db.select().from(notifications).where(eq(notifications.senderId, owner.user.id));
    const to = sent
      .filter((n) => (n.metadata as { criterionId?: string }).criterionId === id)
      .map((n) => n.userId);
    expect(to).toContain(approver.user.id);
    expect(to).toContain(admin.user.id);
    expect(to).not.toContain(outsider.user.id);
    expect(sent.find((n) => n.userId === approver.user.id)).toMatchObject({
      type: 'STAGE_GATE_APPROVAL',
      metadata: expect.objectContaining({ productId: product.id }),
    });

    expect((await as(owner, decide(product.id, id, 'approve'))).statusCode).toBe(403);
    const rejected = await as(approver, decide(product.id, id, 'reject', 'Not yet: the docs are missing'));
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().current[0]).toMatchObject({
      met: false,
      decisions: [
        { decision: 'rejected', comment: 'Not yet: the docs are missing', by: { id: approver.user.id } },
      ],
    });
    const approved = await as(approver, decide(product.id, id, 'approve'));
    expect(approved.json().current[0]).toMatchObject({ met: true });
    expect((await as(approver, decide(product.id, id, 'approve', 'x'.repeat(1001)))).statusCode).toBe(400);
    const kinds = await ctx.db
      .select({ actionType: activities.actionType, metadata: activities.metadata })
      .from(activities)
      .where(and(eq(activities.productId, product.id)));
    expect(kinds).toContainEqual({
      actionType: 'stage_gate_rejected',
      metadata: { stage: 'testing', criterionId: id, comment: 'Not yet: the docs are missing' },
    });
    expect(kinds).toContainEqual({
      actionType: 'stage_gate_approved',
      metadata: { stage: 'testing', criterionId: id },
    });
    expect(kinds).toContainEqual({
      actionType: 'stage_gate_approval_requested',
      metadata: { stage: 'testing', criterionId: id },
    });
    const audit = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, product.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['stage_gate.approval_requested', 'stage_gate.rejected', 'stage_gate.approved']),
    );
  });

  it('offers the people who see the product as approvers', async () => {
    const owner = await member('Olive Owner');
    const teammate = await member('Tom Teammate');
    const { product } = await productOf(owner, [teammate]);
    const res = await as(owner, {
      method: 'GET',
      url: `/api/projects/${product.id}/gates/approver-candidates`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([owner.user.id, teammate.user.id]));
  });

  it('answers 404 for a criterion not of the current stage, 400 for the wrong kind', async () => {
    const owner = await member();
    const { product, id } = await approvalOn(owner, [], { roles: ['member'] });
    expect((await as(owner, requestApproval(product.id, CRITERION))).statusCode).toBe(404);
    const confirm = await as(owner, {
      method: 'PUT',
      url: criterionUrl(product.id, id, 'confirmation'),
      payload: { confirmed: true },
    });
    expect(confirm.statusCode).toBe(400);
  });

  it('carries a product’s own criteria in its template, and a product made from it has them', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    await as(owner, putGate(product.id, 'testing', [{ kind: 'manual', label: 'Carried item' }]));
    const saved = await as(owner, {
      method: 'POST',
      url: `/api/projects/${product.id}/product-template`,
      payload: { name: `Gated ${product.id.slice(0, 6)}` },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const made = await as(owner, {
      method: 'POST',
      url: `/api/product-templates/${saved.json().id}/products`,
      payload: {
        name: 'Hermes',
        description: 'x',
        status: 'planning',
        priority: 'high',
        team_size: 2,
        start_date: '2026-02-01',
        target_end_date: '2026-09-30',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const gates = (await as(owner, gatesOf(made.json().id))).json();
    expect(gates.stages.find((s: { stage: string }) => s.stage === 'testing')).toMatchObject({
      source: 'product',
      criteria: [{ kind: 'manual', label: 'Carried item' }],
    });
  });
});
