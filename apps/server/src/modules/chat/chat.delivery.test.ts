import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addJob } from '../../lib/jobs.ts';
import { createTask } from '../../testing/factories.ts';
import { APP_URL } from '../../testing/test-app.ts';
import { useChatTests } from './chat.test-kit.ts';

// A product's chat destinations hear of its events through the services' outbox and worker:
// in each app's format, only the chosen events, retried after a failure, never after a delete.

const {
  ctx,
  as,
  member,
  signedInOnce,
  taskOf,
  productOf,
  startReceiver,
  addDestination,
  deliveriesOf,
  emptyOutbox,
  moveTask,
} = useChatTests();
const owner = signedInOnce('member', 'Olga Owner');
beforeEach(emptyOutbox);

type SlackBody = { text: string; blocks: Array<{ type: string; text: { type: string; text: string } }> };

describe('chat deliveries', () => {
  it('sends a task status change to a Slack destination in Slack format, once', async () => {
    const receiver = await startReceiver();
    const { product, task } = await taskOf(owner, [], { title: 'Fix login' });
    await addDestination(owner, product.id, { url: receiver.url, kind: 'slack', events: ['status'] });

    expect((await moveTask(owner, task.id, 'In Progress')).statusCode).toBe(200);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 });

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.url).toBe('/hooks/T000/B000/secretpart');
    expect(got?.headers['content-type']).toBe('application/json');
    const body = got?.json() as SlackBody;
    const link = `${APP_URL}/tasks/${task.id}`;
    expect(body.text).toBe(`${task.key} Fix login moved to In Progress: ${link}`);
    expect(body.blocks[0]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: `*<${link}|${task.key} Fix login moved to In Progress>*` },
    });
    expect(body.blocks[1]?.text).toMatchObject({ type: 'plain_text', text: 'In Apollo · from Pending' });
    // No webhook signature: a chat app verifies nothing, and the secret is the URL itself.
    expect(got?.headers['x-shipyard-signature']).toBeUndefined();
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 0 });
  });

  it('sends only the chosen events, and nothing to a disabled destination', async () => {
    const receiver = await startReceiver();
    const other = await startReceiver();
    const { product, task } = await taskOf(owner);
    const chosen = await addDestination(owner, product.id, { url: receiver.url, events: ['created'] });
    await addDestination(owner, product.id, { url: other.url, events: ['status'], enabled: false });

    await moveTask(owner, task.id, 'In Progress');
    await as(owner, {
      method: 'POST',
      url: `/api/tasks/${task.id}/comments`,
      payload: { body: 'Looks good' },
    });
    await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    expect(await deliveriesOf(chosen.id)).toHaveLength(0);

    const created = await as(owner, {
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Write docs', projectId: product.id, status: 'Pending', priority: 'medium' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await ctx.app.webhooks.deliverDue();
    expect(receiver.received.map((r) => (r.json() as SlackBody).blocks[0]?.text.text)).toEqual([
      expect.stringContaining('New task: '),
    ]);
    expect(receiver.received[0]?.body).toContain('Write docs');
    expect(other.received).toHaveLength(0);
  });

  it('retries after a 500 and records each attempt in the delivery log', async () => {
    const receiver = await startReceiver([500, 200]);
    const { product, task } = await taskOf(owner);
    const dest = await addDestination(owner, product.id, { url: receiver.url, kind: 'discord' });
    await moveTask(owner, task.id, 'Completed');

    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 1, retrying: 1 });
    const log = await as(owner, { method: 'GET', url: `/api/chat-destinations/${dest.id}/deliveries` });
    expect(log.json().data).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' }),
    ]);

    ctx.clock.advance(11_000);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 1, delivered: 1 });
    expect(receiver.received).toHaveLength(2);
    const [again] = (
      await as(owner, { method: 'GET', url: `/api/chat-destinations/${dest.id}/deliveries` })
    ).json().data;
    expect(again).toMatchObject({ status: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(receiver.received[1]?.json()).toMatchObject({
      embeds: [{ title: expect.stringContaining('moved to Completed'), color: expect.any(Number) }],
      allowed_mentions: { parse: [] },
    });
  });

  it('stops delivering once the destination is deleted: its pending deliveries go with it', async () => {
    const receiver = await startReceiver();
    const { product, task } = await taskOf(owner);
    const dest = await addDestination(owner, product.id, { url: receiver.url });
    await moveTask(owner, task.id, 'In Progress');
    expect(await deliveriesOf(dest.id)).toHaveLength(1);

    const del = await as(owner, { method: 'DELETE', url: `/api/chat-destinations/${dest.id}` });
    expect(del.statusCode).toBe(204);
    expect(await deliveriesOf(dest.id)).toHaveLength(0);
    await moveTask(owner, task.id, 'Completed');
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 0 });
    expect(receiver.received).toHaveLength(0);
  });

  it('checks again at send time: a task deleted or moved out of the product, an event no longer chosen, is not sent', async () => {
    const receiver = await startReceiver();
    const { product, task } = await taskOf(owner);
    const second = await createTask(ctx, product.id, { title: 'Second' });
    const third = await createTask(ctx, product.id, { title: 'Third' });
    const dest = await addDestination(owner, product.id, {
      url: receiver.url,
      events: ['status', 'created'],
    });
    await moveTask(owner, task.id, 'In Progress');
    await moveTask(owner, second.id, 'In Progress');
    await moveTask(owner, third.id, 'In Progress');

    await as(owner, { method: 'DELETE', url: `/api/tasks/${task.id}` });
    const { product: elsewhere } = await productOf(owner, [], { name: 'Hermes' });
    await ctx.db.execute(sql`update tasks set product_id = ${elsewhere.id} where id = ${second.id}`);
    expect(await deliveriesOf(dest.id)).toHaveLength(3);
    const patched = await as(owner, {
      method: 'PATCH',
      url: `/api/chat-destinations/${dest.id}`,
      payload: { events: ['created'] },
    });
    expect(patched.statusCode).toBe(200);

    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 3, failed: 3 });
    expect(receiver.received).toHaveLength(0);
    const log = (
      await as(owner, { method: 'GET', url: `/api/chat-destinations/${dest.id}/deliveries` })
    ).json();
    expect(log.data.map((d: { lastError: string }) => d.lastError)).toEqual([
      'The destination no longer takes this event.',
      'The destination no longer takes this event.',
      'The destination no longer takes this event.',
    ]);

    await as(owner, {
      method: 'PATCH',
      url: `/api/chat-destinations/${dest.id}`,
      payload: { events: ['status'] },
    });
    await emptyOutbox();
    const fourth = await createTask(ctx, product.id, { title: 'Fourth' });
    const fifth = await createTask(ctx, product.id, { title: 'Fifth' });
    await moveTask(owner, fourth.id, 'In Progress');
    await moveTask(owner, fifth.id, 'In Progress');
    await as(owner, { method: 'DELETE', url: `/api/tasks/${fourth.id}` });
    await ctx.db.execute(sql`update tasks set product_id = ${elsewhere.id} where id = ${fifth.id}`);
    expect(await ctx.app.webhooks.deliverDue()).toMatchObject({ attempted: 2, failed: 2 });
    const errors = (await as(owner, { method: 'GET', url: `/api/chat-destinations/${dest.id}/deliveries` }))
      .json()
      .data.map((d: { lastError: string }) => d.lastError)
      .sort();
    expect(errors).toEqual([
      'The task is no longer in this product.',
      'The task was deleted before delivery.',
    ]);
    expect(receiver.received).toHaveLength(0);
  });

  it('tells comments and mentions as chosen, in plain text: the mention markup becomes the name', async () => {
    const commented = await startReceiver();
    const mentions = await startReceiver();
    const mia = await member('Mia Member');
    const { product, task } = await taskOf(owner, [mia], { title: 'Ship it' });
    await addDestination(owner, product.id, { url: commented.url, kind: 'mattermost', events: ['comment'] });
    await addDestination(owner, product.id, { url: mentions.url, kind: 'matrix', events: ['mention'] });
    const comment = (body: string) =>
      as(owner, { method: 'POST', url: `/api/tasks/${task.id}/comments`, payload: { body } });

    expect((await comment('No one *here* @channel')).statusCode).toBe(201);
    await ctx.app.webhooks.deliverDue();
    expect(commented.received).toHaveLength(1);
    expect(mentions.received).toHaveLength(0);
    const mm = commented.received[0]?.json() as { text: string; attachments: Array<Record<string, string>> };
    expect(mm.text).toBe(`Olga Owner commented on ${task.key.replace('-', '\\-')} Ship it`);
    expect(mm.attachments[0]).toMatchObject({
      title: `Olga Owner commented on ${task.key} Ship it`,
      title_link: `${APP_URL}/tasks/${task.id}`,
      text: 'No one here @\u200bchannel',
    });

    expect((await comment(`Please look [@Mia Member](user:${mia.user.id})`)).statusCode).toBe(201);
    await ctx.app.webhooks.deliverDue();
    expect(commented.received).toHaveLength(2);
    expect(mentions.received).toHaveLength(1);
    expect(mentions.received[0]?.json()).toEqual({
      text: `Olga Owner mentioned Mia Member on ${task.key} Ship it\nPlease look @\u200bMia Member\n${APP_URL}/tasks/${task.id}`,
      html: `<p><strong><a href="${APP_URL}/tasks/${task.id}">Olga Owner mentioned Mia Member on ${task.key} Ship it</a></strong></p><p>Please look @\u200bMia Member</p>`,
    });
  });

  it('tells a product’s stage change and a task due soon, once per due date', async () => {
    const receiver = await startReceiver();
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const { product, task } = await taskOf(owner, [], { title: 'Launch', dueDate: today });
    await createTask(ctx, product.id, { title: 'Done already', dueDate: today, status: 'Completed' });
    await addDestination(owner, product.id, {
      url: receiver.url,
      kind: 'teams',
      events: ['due_soon', 'stage'],
    });

    const moved = await as(owner, {
      method: 'PATCH',
      url: `/api/projects/${product.id}/status`,
      payload: { status: 'testing' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await addJob(ctx.db, 'chat.due-soon', {});
    await ctx.app.jobs.runDue();
    await addJob(ctx.db, 'chat.due-soon', {});
    await ctx.app.jobs.runDue();
    await ctx.app.webhooks.deliverDue();

    const titles = receiver.received.map(
      (r) =>
        (
          r.json() as {
            attachments: Array<{ content: { body: Array<{ inlines: Array<{ text: string }> }> } }>;
          }
        ).attachments[0]?.content.body[0]?.inlines[0]?.text,
    );
    expect(titles.sort()).toEqual([`${task.key} Launch is due ${today}`, 'Apollo moved to Testing']);
  });
});
