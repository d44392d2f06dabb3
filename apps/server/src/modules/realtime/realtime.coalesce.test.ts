import type { ChangeEvent } from '@shipyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTask,
  createTeam,
} from '../../testing/factories.ts';
import { openRealtime, type RealtimeTestClient } from '../../testing/realtime-client.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';

// Bursts of changes to one task reach the browsers on its product as a few messages, the last
// state among them (issue 27 #6: a guest toggled watch 100 times in 1.4 s, and every browser on
// the product got 100 messages and refetched 100 times). Real writes through the API, a real
// socket of someone else who sees the product.

let ctx: TestContext;
let base: string;
const open: RealtimeTestClient[] = [];
beforeAll(async () => {
  ctx = await buildTestApp();
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of open) s.close();
  await ctx?.close();
});

/** A product with a task, a member and a guest on its team, and an admin's socket watching it. */
async function productWithWatcher() {
  const admin = await createSignedInUser(ctx, { role: 'admin' });
  const member = await createSignedInUser(ctx, { role: 'member' });
  const guest = await createSignedInUser(ctx, { role: 'guest' });
  const product = await createProduct(ctx, member.user.id);
  const team = await createTeam(ctx, product.id);
  await addMember(ctx, team.id, guest.user.id);
  const task = await createTask(ctx, product.id);
  const socket = await openRealtime(base, admin.token);
  open.push(socket);
  return { member, guest, task, socket };
}
const ofTask = (socket: RealtimeTestClient, kind: ChangeEvent['kind'], id: string) =>
  socket.changes().filter((m): m is ChangeEvent => m.type === 'change' && m.kind === kind && m.id === id);
const settle = () => new Promise((r) => setTimeout(r, 400));

describe('changes of one task in a burst', () => {
  it('sends 20 edits of a task as fewer messages, the last with the version the task ends on', async () => {
    const { member, task, socket } = await productWithWatcher();
    for (let i = 0; i < 20; i++) {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/tasks/${task.id}/update`,
        headers: member.headers,
        payload: { title: `Title ${i + 1}` },
      });
      expect(res.statusCode).toBe(200);
    }
    const final = await ctx.app.inject({
      method: 'GET',
      url: `/api/tasks/${task.id}`,
      headers: member.headers,
    });
    const version = new Date(final.json().updatedAt).getTime();

    await socket.next(
      (m) => m.type === 'change' && m.kind === 'task' && m.id === task.id && m.version === version,
    );
    await settle();
    const received = ofTask(socket, 'task', task.id);
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.length).toBeLessThan(20);
    expect(received.at(-1)?.version).toBe(version);
  });

  it('sends a guest’s 40 watch toggles as a handful of messages, the last after the last toggle', async () => {
    const { guest, task, socket } = await productWithWatcher();
    let lastAnswered = 0;
    for (let i = 0; i < 40; i++) {
      const res = await ctx.app.inject({
        method: i % 2 ? 'DELETE' : 'PUT',
        url: `/api/tasks/${task.id}/watch`,
        headers: guest.headers,
      });
      expect(res.statusCode).toBe(200);
      lastAnswered = Date.now();
    }
    await settle();
    const received = ofTask(socket, 'watcher', task.id);
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.length).toBeLessThan(40);
    // The last toggle was published just before its answer: the last message is that change.
    expect(received.at(-1)?.version).toBeGreaterThanOrEqual(lastAnswered - 50);
  });

  it('sends a lone change at once, not at the end of a window', async () => {
    const { member, task, socket } = await productWithWatcher();
    await settle(); // no window of this task is open
    const started = Date.now();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/tasks/${task.id}/update`,
      headers: member.headers,
      payload: { title: 'Alone' },
    });
    expect(res.statusCode).toBe(200);
    await socket.next((m) => m.type === 'change' && m.kind === 'task' && m.id === task.id);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
