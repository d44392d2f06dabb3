import { FIELD_TEXT_MAX, FIELD_URL_MAX, type Field, fieldMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks, webhookDeliveries } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { createSignedInUser, createTask } from '../../testing/factories.ts';
import { UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { fieldOf, SEVERITY, setFields } from './fields.test-kit.ts';

// A task's custom field values (issue 29): checked by type with the field's own message, set
// through PUT /tasks/{id}/fields and through the task's create and edit, read on every task shape.

const { ctx, as } = useTestApp();
const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx);

const defs: Record<string, Field> = {};
beforeAll(async () => {
  const make = (payload: object) => fieldOf(as, alice, productId(), payload);
  defs.severity = await make(SEVERITY);
  defs.estimate = await make({ name: 'Estimate', type: 'number' });
  defs.due = await make({ name: 'Estimate date', type: 'date' });
  defs.customer = await make({ name: 'Customer', type: 'text' });
  defs.areas = await make({
    name: 'Areas',
    type: 'multi_select',
    options: [
      { name: 'UI', color: '#3b82f6' },
      { name: 'API', color: '#a855f7' },
    ],
  });
  defs.owner = await make({ name: 'Owner', type: 'person' });
  defs.link = await make({ name: 'Spec', type: 'url' });
  defs.done = await make({ name: 'Signed off', type: 'checkbox' });
});
const f = (name: string) => {
  const field = defs[name];
  if (!field) throw new Error(`no field ${name}`);
  return field;
};
const stored = async (taskId: string) =>
  (await ctx.db.select({ fields: tasks.fields }).from(tasks).where(eq(tasks.id, taskId)))[0]?.fields;

describe('custom field values', () => {
  it('are set by type, read back on the task and cleared with null', async () => {
    const task = await createTask(ctx, productId());
    const high = f('severity').options[1];
    const ui = f('areas').options[0];
    const res = await as(
      mia,
      setFields(task.id, {
        [f('severity').id]: 'high',
        [f('estimate').id]: 3.5,
        [f('due').id]: '2026-12-01',
        [f('customer').id]: '  Acme  ',
        [f('areas').id]: [ui?.id, 'ui'],
        [f('owner').id]: mia.user.id,
        [f('link').id]: 'https://example.com/spec',
        [f('done').id]: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const values = {
      [f('severity').id]: high?.id,
      [f('estimate').id]: 3.5,
      [f('due').id]: '2026-12-01',
      [f('customer').id]: 'Acme',
      [f('areas').id]: [ui?.id],
      [f('owner').id]: mia.user.id,
      [f('link').id]: 'https://example.com/spec',
      [f('done').id]: true,
    };
    expect(res.json()).toEqual({ taskId: task.id, fields: values });
    expect((await as(gus, { url: `/api/tasks/${task.id}` })).json().fields).toEqual(values);
    expect((await as(gus, { url: `/api/tasks/${task.id}/detail` })).json().task.fields).toEqual(values);
    const list = await as(mia, { url: `/api/tasks/${productId()}/tasks` });
    expect(list.json().data.find((t: { id: string }) => t.id === task.id).fields).toEqual(values);
    expect(ctx.published).toContainEqual(
      expect.objectContaining({ kind: 'task', op: 'updated', id: task.id }),
    );

    const cleared = await as(mia, setFields(task.id, { [f('customer').id]: null, [f('done').id]: false }));
    expect(cleared.json().fields).not.toHaveProperty(f('customer').id);
    expect(cleared.json().fields).not.toHaveProperty(f('done').id);
    expect(cleared.json().fields[f('estimate').id]).toBe(3.5);
  });

  it('answer each field’s own message for a value of the wrong kind, and change nothing', async () => {
    const task = await createTask(ctx, productId());
    await as(mia, setFields(task.id, { [f('estimate').id]: 1 }));
    const stranger = await createSignedInUser(ctx, { name: 'Stranger' });
    const cases: Array<[string, unknown, string]> = [
      ['severity', 'Urgent', 'Severity must be one of Low, High'],
      ['areas', ['UI', 'DB'], 'Areas must be some of UI, API'],
      ['estimate', 'three', 'Estimate must be a number'],
      ['estimate', '1e999', 'Estimate must be a number'],
      ['due', '2026-02-30', 'Estimate date must be a date'],
      [
        'customer',
        'x'.repeat(FIELD_TEXT_MAX + 1),
        `Customer must be text of at most ${FIELD_TEXT_MAX} characters`,
      ],
      ['customer', 42, `Customer must be text of at most ${FIELD_TEXT_MAX} characters`],
      [
        'link',
        'javascript:alert(1)',
        `Spec must be a link starting with http:// or https:// (at most ${FIELD_URL_MAX} characters)`,
      ],
      [
        'link',
        `https://example.com/${'a'.repeat(FIELD_URL_MAX)}`,
        `Spec must be a link starting with http:// or https:// (at most ${FIELD_URL_MAX} characters)`,
      ],
      ['done', 'maybe', 'Signed off must be true or false'],
      ['owner', 'nobody', 'Owner must be someone who can see this product'],
      ['owner', stranger.user.id, 'Owner must be someone who can see this product'],
      ['owner', bob.user.id, 'Owner must be someone who can see this product'],
    ];
    for (const [name, value, message] of cases) {
      const res = await as(mia, setFields(task.id, { [f('customer').id]: 'Changed', [f(name).id]: value }));
      expect(res.statusCode, `${name} ${String(value).slice(0, 30)}`).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().details.fields[`fields.${f(name).id}`]).toEqual([message]);
    }
    const unknown = await as(mia, setFields(task.id, { [UNKNOWN_ID]: 'x' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(fieldMessages.notOfProduct);
    expect(await stored(task.id)).toEqual({ [f('estimate').id]: 1 });
    // An admin is someone who sees every product.
    expect((await as(mia, setFields(task.id, { [f('owner').id]: admin.user.id }))).statusCode).toBe(200);
  });

  it('are set by members and admins who see the task: guests 403, others 404, signed out 401', async () => {
    const task = await createTask(ctx, productId());
    const req = setFields(task.id, { [f('customer').id]: 'Acme' });
    const guest = await as(gus, req);
    expect(guest.statusCode).toBe(403);
    expect(guest.json().message).toBe(fieldMessages.readOnly);
    expect((await as(bob, req)).statusCode).toBe(404);
    expect((await as(undefined, req)).statusCode).toBe(401);
    expect((await as(mia, setFields(UNKNOWN_ID, {}))).statusCode).toBe(404);
    expect(await stored(task.id)).toEqual({});
    expect((await as(admin, req)).statusCode).toBe(200);
  });

  it('are given by the task’s create and edit, checked the same way', async () => {
    const create = (fields: object) =>
      as(mia, {
        method: 'POST',
        url: '/api/tasks',
        payload: { title: 'With fields', projectId: productId(), fields },
      });
    const bad = await create({ [f('estimate').id]: 'lots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Estimate must be a number');

    const made = await create({ [f('estimate').id]: '8', [f('severity').id]: 'Low' });
    expect(made.statusCode, made.body).toBe(201);
    const low = f('severity').options[0]?.id;
    expect(made.json().fields).toEqual({ [f('estimate').id]: 8, [f('severity').id]: low });

    const id = made.json().id as string;
    const edit = (payload: object) => as(mia, { method: 'PATCH', url: `/api/tasks/${id}/update`, payload });
    const refused = await edit({ title: 'Renamed', fields: { [f('due').id]: 'soon' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Estimate date must be a date');
    const edited = await edit({ fields: { [f('estimate').id]: null, [f('done').id]: true } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'With fields',
      fields: { [f('severity').id]: low, [f('done').id]: true },
    });
    expect(edited.json().fields).not.toHaveProperty(f('estimate').id);
  });

  it('are carried by the webhook payloads of the task’s changes', async () => {
    const hook = await as(admin, {
      method: 'POST',
      url: '/api/services',
      payload: {
        name: 'Hook',
        category: 'Communication',
        description: 'Events',
        integration: 'Webhook',
        webhookUrl: 'https://hooks.example.com/fields',
        productIds: [productId()],
      },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const task = await createTask(ctx, productId());
    await as(mia, setFields(task.id, { [f('estimate').id]: 5 }));
    await as(mia, { method: 'PATCH', url: `/api/tasks/${task.id}/update`, payload: { title: 'Renamed' } });
    const deliveries = await ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.serviceId, hook.json().id));
    const data = deliveries
      .map((d) => d.payload.data as Record<string, unknown>)
      .filter((d) => d.taskId === task.id);
    expect(data).toContainEqual(
      expect.objectContaining({ changed: ['fields'], fields: { [f('estimate').id]: 5 } }),
    );
    expect(data).toContainEqual(
      expect.objectContaining({ changed: ['title'], fields: { [f('estimate').id]: 5 } }),
    );
  });
});
