import { productMessages, roadmapMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, productStagePlans, products } from '../../db/schema/index.ts';
import { apiTokenHeaders, createProduct } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';

// The roadmap across products (issue 31): GET /api/roadmap and a stage's planned days.
const { ctx, as, member, guest, signedInOnce, productOf, publishedBy } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');

const window = '?from=2026-01-01&to=2026-12-31';
const read = (query = window): Req => ({ method: 'GET', url: `/api/roadmap${query}` });
const plan = (id: string, stage: string, payload: object): Req => ({
  method: 'PUT',
  url: `/api/projects/${id}/stage-plans/${stage}`,
  payload,
});
const clear = (id: string, stage: string): Req => ({
  method: 'DELETE',
  url: `/api/projects/${id}/stage-plans/${stage}`,
});
const development = { starts_on: '2026-03-01', ends_on: '2026-05-31' };
type Answer = { products: { id: string; canEdit: boolean; stages: unknown[]; milestones: unknown[] }[] };
const idsOf = (body: Answer) => body.products.map((p) => p.id);

describe('GET /api/roadmap', () => {
  it('answers 401 without a session', async () => {
    expect((await as(undefined, read())).statusCode).toBe(401);
  });

  it('shows the products the caller sees, with their plans and one-day milestones, and never others’', async () => {
    const owner = await member();
    const teammate = await member('Tom Teammate');
    const stranger = await member('Sid Stranger');
    const { product } = await productOf(owner, [teammate], { name: 'Atlas', status: 'development' });
    const hidden = await createProduct(ctx, stranger.user.id, { name: 'Hidden' });
    await ctx.db.insert(events).values([
      { title: 'Beta', date: '2026-04-15', type: 'milestone', status: 'Planning', productId: product.id },
      { title: 'Standup', date: '2026-04-16', type: 'meeting', status: 'Planning', productId: product.id },
      { title: 'Later', date: '2027-04-16', type: 'milestone', status: 'Planning', productId: product.id },
    ]);
    expect((await as(owner, plan(product.id, 'Development', development))).statusCode).toBe(200);

    const res = await as(teammate, read());
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer>();
    expect(idsOf(body)).toContain(product.id);
    expect(idsOf(body)).not.toContain(hidden.id);
    expect(body.products.find((p) => p.id === product.id)).toMatchObject({
      name: 'Atlas',
      status: 'development',
      start_date: '2026-01-01',
      target_end_date: '2026-12-31',
      // A teammate sees it but may not move it: the product's creator or an admin.
      canEdit: false,
      stages: [{ stage: 'development', ...development, updated_by: owner.user.id }],
      milestones: [{ title: 'Beta', date: '2026-04-15' }],
    });
    const adminView = (await as(admin, read())).json<Answer>();
    expect(adminView.products.find((p) => p.id === hidden.id)?.canEdit).toBe(true);
  });

  it('leaves out products outside the window, archived ones, and those the filters exclude', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { name: 'In', status: 'testing' });
    const past = await createProduct(ctx, owner.user.id, {
      startDate: '2024-01-01',
      targetEndDate: '2024-06-30',
    });
    const archived = await createProduct(ctx, owner.user.id, { archivedAt: new Date() });
    const shown = idsOf((await as(owner, read())).json<Answer>());
    expect(shown).toContain(product.id);
    expect(shown).not.toContain(past.id);
    expect(shown).not.toContain(archived.id);
    expect(idsOf((await as(owner, read(`${window}&stage=planning`))).json<Answer>())).not.toContain(
      product.id,
    );
    expect(idsOf((await as(owner, read(`${window}&stage=Testing`))).json<Answer>())).toContain(product.id);
    expect(idsOf((await as(owner, read(`${window}&team=design`))).json<Answer>())).not.toContain(product.id);
    expect(idsOf((await as(owner, read(`${window}&team=development`))).json<Answer>())).toContain(product.id);
  });

  it('checks the window: valid days, in order, at most the cap', async () => {
    const owner = await member();
    const bad = await as(owner, read('?from=2026-02-30'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.from).toEqual([roadmapMessages.dateInvalid]);
    const reversed = await as(owner, read('?from=2026-05-01&to=2026-04-01'));
    expect(reversed.json().details.fields.to).toEqual([roadmapMessages.rangeOrder]);
    const long = await as(owner, read('?from=2020-01-01&to=2026-01-01'));
    expect(long.json().details.fields.to).toEqual([roadmapMessages.rangeTooLong]);
    const defaults = (await as(owner, read(''))).json<{ from: string; to: string }>();
    expect(defaults.from < defaults.to).toBe(true);
  });
});

describe('PUT and DELETE /api/projects/{id}/stage-plans/{stage}', () => {
  it('answers 401 without a session', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    expect((await as(undefined, plan(product.id, 'planning', development))).statusCode).toBe(401);
    expect((await as(undefined, clear(product.id, 'planning'))).statusCode).toBe(401);
  });

  it('answers 404 for an unknown product and for one the caller does not see', async () => {
    const owner = await member();
    const stranger = await member('Sid Stranger');
    const { product } = await productOf(owner);
    for (const who of [owner, stranger]) {
      const id = who === owner ? UNKNOWN_ID : product.id;
      const set = await as(who, plan(id, 'planning', development));
      expect(set.statusCode).toBe(404);
      expect(set.json().message).toBe(productMessages.notFound);
      expect((await as(who, clear(id, 'planning'))).statusCode).toBe(404);
    }
  });

  it('refuses guests and members who are not the product’s creator (403), changing nothing', async () => {
    const owner = await member();
    const teammate = await member('Tom Teammate');
    const visitor = await guest();
    const { product } = await productOf(owner, [teammate, visitor]);
    const byGuest = await as(visitor, plan(product.id, 'planning', development));
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });
    expect((await as(visitor, clear(product.id, 'planning'))).statusCode).toBe(403);
    const byTeammate = await as(teammate, plan(product.id, 'planning', development));
    expect(byTeammate.statusCode).toBe(403);
    expect(byTeammate.json().message).toBe(productMessages.forbidden);
    expect(
      await ctx.db.select().from(productStagePlans).where(eq(productStagePlans.productId, product.id)),
    ).toEqual([]);
  });

  it('refuses an archived product (409) and a read-only API token (403)', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const headers = await apiTokenHeaders(ctx, owner, 'read');
    const byToken = await ctx.app.inject({ ...plan(product.id, 'planning', development), headers });
    expect(byToken.statusCode).toBe(403);
    await ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    expect((await as(owner, plan(product.id, 'planning', development))).statusCode).toBe(409);
  });

  it('validates the days with the field’s message and the stage name', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const reversed = await as(
      owner,
      plan(product.id, 'planning', { starts_on: '2026-05-01', ends_on: '2026-04-30' }),
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().details.fields.ends_on).toEqual([roadmapMessages.endBeforeStart]);
    const invalid = await as(
      owner,
      plan(product.id, 'planning', { starts_on: '2026-02-30', ends_on: '2026-03-01' }),
    );
    expect(invalid.json().details.fields.starts_on).toEqual([roadmapMessages.startsOnRequired]);
    const missing = await as(owner, plan(product.id, 'planning', { starts_on: '2026-02-01' }));
    expect(missing.json().details.fields.ends_on).toEqual([roadmapMessages.endsOnRequired]);
    const stage = await as(owner, plan(product.id, 'launch', development));
    expect(stage.statusCode).toBe(400);
    expect(stage.json().details.fields.stage).toEqual([roadmapMessages.stageUnknown]);
    const huge = await as(
      owner,
      plan(product.id, 'planning', { ...development, note: 'x'.repeat(2_000_000) }),
    );
    expect(huge.statusCode).toBe(413);
  });

  it('sets, moves and clears a plan, records each in the product’s activity and tells its viewers', async () => {
    const owner = await member();
    const { product } = await productOf(owner, [], { name: 'Atlas' });
    const published = await publishedBy(() => as(owner, plan(product.id, 'testing', development)));
    expect(published).toContainEqual(
      expect.objectContaining({ kind: 'product', op: 'updated', productId: product.id }),
    );
    const moved = await as(
      owner,
      plan(product.id, 'testing', { starts_on: '2026-03-08', ends_on: '2026-06-07' }),
    );
    expect(moved.json()).toMatchObject({ stage: 'testing', starts_on: '2026-03-08', ends_on: '2026-06-07' });
    // The same days again change and record nothing.
    await as(owner, plan(product.id, 'testing', { starts_on: '2026-03-08', ends_on: '2026-06-07' }));
    const removed = await as(owner, clear(product.id, 'Testing'));
    expect(removed.statusCode).toBe(204);
    expect((await as(owner, clear(product.id, 'testing'))).statusCode).toBe(204);

    const entries = await entriesOf(ctx, product.id);
    expect(entries.map((e) => e.description)).toEqual([
      'Planned Testing of "Atlas": 2026-03-01 – 2026-05-31',
      'Planned Testing of "Atlas": 2026-03-08 – 2026-06-07 (was 2026-03-01 – 2026-05-31)',
      'Cleared the planned Testing of "Atlas" (was 2026-03-08 – 2026-06-07)',
    ]);
    expect(entries[1]).toMatchObject({
      actionType: 'product_updated',
      performedBy: owner.user.id,
      metadata: {
        stagePlan: {
          stage: 'testing',
          from: { starts_on: '2026-03-01', ends_on: '2026-05-31' },
          to: { starts_on: '2026-03-08', ends_on: '2026-06-07' },
        },
      },
    });
  });

  it('lets an admin plan any product, and a target date move through the product edit is recorded', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    expect((await as(admin, plan(product.id, 'maintenance', development))).statusCode).toBe(200);
    const moved = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}`,
      payload: { target_end_date: '2027-01-15' },
    });
    expect(moved.statusCode).toBe(200);
    const entries = await entriesOf(ctx, product.id);
    expect(entries.at(-1)).toMatchObject({
      actionType: 'product_updated',
      metadata: { changes: { target_end_date: { from: '2026-12-31', to: '2027-01-15' } } },
    });
  });
});
