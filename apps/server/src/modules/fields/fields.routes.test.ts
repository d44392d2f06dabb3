import { FIELDS_PER_PRODUCT_MAX, fieldMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customFields, tasks } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { createField, dropField, editField, fieldOf, SEVERITY, setFields } from './fields.test-kit.ts';

const { ctx, as } = useTestApp();
const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx);

describe('custom fields of a product', () => {
  it('are created by the product’s creator or an admin, listed in their order to all who see it', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const severity = await fieldOf(as, alice, product, SEVERITY);
    expect(severity).toMatchObject({ name: 'Severity', type: 'select', showOnCards: true, position: 0 });
    expect(severity.options.map((o) => o.name)).toEqual(['Low', 'High']);
    expect(severity.options.every((o) => o.id.length > 0)).toBe(true);
    await fieldOf(as, admin, product, { name: 'Estimate', type: 'number' });
    const listed = await as(alice, { url: `/api/projects/${product}/fields` });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((f: { name: string }) => f.name)).toEqual(['Severity', 'Estimate']);
    expect(listed.json().canManage).toBe(true);
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'field', op: 'created', productId: product }),
    );
  });

  it('refuse members and guests (403), those who do not see the product (404) and the signed out (401)', async () => {
    const made = await fieldOf(as, alice, productId(), { name: 'Customer', type: 'text' });
    for (const req of [
      createField(productId(), { name: 'New', type: 'text' }),
      editField(made.id, { name: 'Renamed' }),
      dropField(made.id),
      {
        method: 'PUT' as const,
        url: `/api/projects/${productId()}/fields/order`,
        payload: { ids: [made.id] },
      },
    ]) {
      for (const who of [mia, gus]) {
        const res = await as(who, req);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(fieldMessages.manageForbidden);
      }
      expect((await as(bob, req)).statusCode).toBe(404);
      expect((await as(undefined, req)).statusCode).toBe(401);
    }
    expect((await as(mia, { url: `/api/projects/${productId()}/fields` })).json().canManage).toBe(false);
    expect((await as(bob, { url: `/api/projects/${productId()}/fields` })).statusCode).toBe(404);
    expect((await as(alice, editField(UNKNOWN_ID, { name: 'x' }))).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(customFields).where(eq(customFields.id, made.id));
    expect(row?.name).toBe('Customer');
  });

  it('check names, types and options with their own messages', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const cases: Array<[object, string]> = [
      [{ name: '', type: 'text' }, fieldMessages.nameRequired],
      [{ name: 'x'.repeat(41), type: 'text' }, fieldMessages.nameTooLong],
      [{ name: 'A', type: 'colour' }, fieldMessages.typeInvalid],
      [{ name: 'A', type: 'select', options: [] }, fieldMessages.optionsRequired],
      [
        { name: 'A', type: 'text', options: [{ name: 'x', color: '#000000' }] },
        fieldMessages.optionsNotAllowed,
      ],
      [
        { name: 'A', type: 'select', options: [{ name: 'x'.repeat(41), color: '#000000' }] },
        fieldMessages.optionNameTooLong,
      ],
      [{ name: 'A', type: 'select', options: [{ name: 'x', color: 'red' }] }, fieldMessages.colorInvalid],
      [
        {
          name: 'A',
          type: 'select',
          options: Array.from({ length: 51 }, (_, i) => ({ name: `o${i}`, color: '#000000' })),
        },
        fieldMessages.tooManyOptions,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await as(alice, createField(product, payload));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    await fieldOf(as, alice, product, { name: 'Customer', type: 'text' });
    const same = await as(alice, createField(product, { name: 'customer', type: 'url' }));
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(fieldMessages.duplicate);
    expect(await ctx.db.$count(customFields, eq(customFields.productId, product))).toBe(1);
  });

  it(`stop at ${FIELDS_PER_PRODUCT_MAX} fields a product`, async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    await ctx.db.insert(customFields).values(
      Array.from({ length: FIELDS_PER_PRODUCT_MAX }, (_, i) => ({
        productId: product,
        name: `F${i}`,
        type: 'text' as const,
      })),
    );
    const res = await as(alice, createField(product, { name: 'One more', type: 'text' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(fieldMessages.tooMany);
  });

  it('are reordered, renamed and deleted; a deleted field or option leaves every task', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const severity = await fieldOf(as, alice, product, SEVERITY);
    const tags = await fieldOf(as, alice, product, {
      name: 'Tags',
      type: 'multi_select',
      options: [
        { name: 'UI', color: '#3b82f6' },
        { name: 'API', color: '#a855f7' },
      ],
    });
    const [low, high] = severity.options;
    const [ui, api] = tags.options;
    const task = await createTask(ctx, product);
    const other = await createTask(ctx, product);
    expect(
      (await as(alice, setFields(task.id, { [severity.id]: 'High', [tags.id]: ['UI', 'API'] }))).statusCode,
    ).toBe(200);
    expect(
      (await as(alice, setFields(other.id, { [severity.id]: low?.id, [tags.id]: [api?.id] }))).statusCode,
    ).toBe(200);

    const order = await as(alice, {
      method: 'PUT',
      url: `/api/projects/${product}/fields/order`,
      payload: { ids: [tags.id, severity.id] },
    });
    expect(order.statusCode).toBe(200);
    expect(order.json().data.map((f: { name: string }) => f.name)).toEqual(['Tags', 'Severity']);
    const wrong = await as(alice, {
      method: 'PUT',
      url: `/api/projects/${product}/fields/order`,
      payload: { ids: [tags.id] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(fieldMessages.orderMismatch);

    // Renaming an option keeps its values; removing one takes it from the tasks.
    const edited = await as(
      alice,
      editField(tags.id, { name: 'Areas', options: [{ id: ui?.id, name: 'Web', color: '#3b82f6' }] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().options).toEqual([{ id: ui?.id, name: 'Web', color: '#3b82f6' }]);
    const valuesOf = async (id: string) =>
      (await ctx.db.select({ fields: tasks.fields }).from(tasks).where(eq(tasks.id, id)))[0]?.fields;
    expect(await valuesOf(task.id)).toEqual({ [severity.id]: high?.id, [tags.id]: [ui?.id] });
    expect(await valuesOf(other.id)).toEqual({ [severity.id]: low?.id });

    expect((await as(alice, dropField(severity.id))).statusCode).toBe(204);
    expect(await valuesOf(task.id)).toEqual({ [tags.id]: [ui?.id] });
    expect(await valuesOf(other.id)).toEqual({});
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'field', op: 'deleted', id: severity.id }),
    );
  });

  it('cannot be changed on an archived product (409)', async () => {
    const product = (await createProduct(ctx, alice.user.id)).id;
    const made = await fieldOf(as, alice, product, { name: 'Customer', type: 'text' });
    const task = await createTask(ctx, product);
    await ctx.db.execute(`update products set archived_at = now() where id = '${product}'`);
    for (const req of [
      createField(product, { name: 'New', type: 'text' }),
      editField(made.id, { name: 'Renamed' }),
      dropField(made.id),
      setFields(task.id, { [made.id]: 'Acme' }),
    ]) {
      expect((await as(alice, req)).statusCode).toBe(409);
    }
  });
});
