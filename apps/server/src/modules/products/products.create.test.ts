import { productMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, products } from '../../db/schema/index.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { countRows, entriesOf, refuseActivitiesWhen } from '../../testing/stored.ts';
import { storedProduct, validProduct } from './products.test-kit.ts';

// Creating a product: POST /api/projects.
const { ctx, as, member, guest } = useTestApp();

describe('POST /api/projects', () => {
  const create = (payload: object): Req => ({ method: 'POST', url: '/api/projects', payload });

  it('creates the product for the caller, ignoring a created_by in the body, and records prd_created', async () => {
    const owner = await member('Nina New');
    const other = await member();
    const res = await as(
      owner,
      create({ ...validProduct, status: 'Development', priority: 'high', created_by: other.user.id }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Nebula',
      description: 'A star map',
      status: 'development',
      priority: 'high',
      team_size: 4,
      progress: 0,
      start_date: '2026-03-01',
      target_end_date: '2026-09-30',
      created_by: owner.user.id,
    });
    expect(body._id).toBe(body.id);

    const row = await storedProduct(ctx, body.id);
    expect(row).toMatchObject({
      name: 'Nebula',
      status: 'development',
      priority: 'high',
      teamSize: 4,
      createdBy: owner.user.id,
    });
    const entries = await entriesOf(ctx, body.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actionType: 'prd_created',
      description: 'Created product "Nebula"',
      metadata: { status: 'development' },
      performedBy: owner.user.id,
    });
  });

  it('defaults the priority to medium and trims the texts', async () => {
    const owner = await member();
    const res = await as(owner, create({ ...validProduct, name: '  Trimmed  ', team_size: '2' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Trimmed', priority: 'medium', team_size: 2 });
  });

  const without = (field: keyof typeof validProduct) => {
    const copy: Record<string, unknown> = { ...validProduct };
    delete copy[field];
    return copy;
  };
  it.each([
    ['name missing', without('name'), 'name', productMessages.nameRequired],
    ['name blank', { ...validProduct, name: '   ' }, 'name', productMessages.nameRequired],
    ['description missing', without('description'), 'description', productMessages.descriptionRequired],
    [
      'description blank',
      { ...validProduct, description: ' ' },
      'description',
      productMessages.descriptionRequired,
    ],
    ['start date missing', without('start_date'), 'start_date', productMessages.startDateRequired],
    [
      'start date not a date',
      { ...validProduct, start_date: 'soon' },
      'start_date',
      productMessages.startDateRequired,
    ],
    [
      'start date not a day',
      { ...validProduct, start_date: '2026-02-30' },
      'start_date',
      productMessages.startDateRequired,
    ],
    [
      'target date missing',
      without('target_end_date'),
      'target_end_date',
      productMessages.targetDateRequired,
    ],
    [
      'target date not a date',
      { ...validProduct, target_end_date: '31/12/2026' },
      'target_end_date',
      productMessages.targetDateRequired,
    ],
    [
      'target before start',
      { ...validProduct, target_end_date: '2026-02-28' },
      'target_end_date',
      productMessages.targetBeforeStart,
    ],
    ['status missing', without('status'), 'status', productMessages.statusRequired],
    ['status unknown', { ...validProduct, status: 'done' }, 'status', productMessages.statusRequired],
    ['team size missing', without('team_size'), 'team_size', productMessages.teamSizeMin],
    ['team size 0', { ...validProduct, team_size: 0 }, 'team_size', productMessages.teamSizeMin],
    [
      'team size not a number',
      { ...validProduct, team_size: 'many' },
      'team_size',
      productMessages.teamSizeMin,
    ],
    ['team size not whole', { ...validProduct, team_size: 1.5 }, 'team_size', productMessages.teamSizeMin],
  ])('refuses %s with its message and stores nothing', async (_case, payload, field, message) => {
    const owner = await member();
    const [productsBefore, activitiesBefore] = [
      await countRows(ctx, products),
      await countRows(ctx, activities),
    ];
    const res = await as(owner, create(payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.json().details.fields[field]).toContain(message);
    expect(await countRows(ctx, products)).toBe(productsBefore);
    expect(await countRows(ctx, activities)).toBe(activitiesBefore);
  });

  it('refuses a guest (403) and a caller without a session (401), storing nothing', async () => {
    const visitor = await guest();
    const before = await countRows(ctx, products);
    const refused = await as(visitor, create(validProduct));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: productMessages.readOnly });
    expect((await as(undefined, create(validProduct))).statusCode).toBe(401);
    expect(await countRows(ctx, products)).toBe(before);
  });

  it('stores no product when its activity entry cannot be written', async () => {
    const owner = await member();
    const restore = await refuseActivitiesWhen(ctx, `new.description like 'Created product "Doomed%'`);
    try {
      const res = await as(owner, create({ ...validProduct, name: 'Doomed' }));
      expect(res.statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await ctx.db.select().from(products).where(eq(products.name, 'Doomed'))).toEqual([]);
  });
});
