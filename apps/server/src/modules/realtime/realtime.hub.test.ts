import { describe, expect, it } from 'vitest';
import type { Change } from '../../lib/realtime/changes.ts';
import { addMember, createProduct, createSignedInUser, createTeam } from '../../testing/factories.ts';
import { type RealtimeTestClient, useListeningApp } from '../../testing/realtime-client.ts';

// Who receives a change (docs/decisions/009-realtime.md "Routing"), in one process: changes are
// published straight on the in-memory bus and the sockets are real ones on a listening app.

const { ctx, changes, connect } = useListeningApp();
let n = 0;
/** Publishes a change and a marker every socket receives, so that "received nothing" is final. */
async function publishAndSettle(sockets: RealtimeTestClient[], change: Omit<Change, 'id'>) {
  const id = `change-${++n}`;
  const marker = `marker-${n}`;
  changes.publish(
    { ...change, id },
    { kind: 'service', op: 'updated', id: marker, productId: null, everyone: true },
  );
  await Promise.all(sockets.map((s) => s.next((m) => m.type === 'change' && m.id === marker)));
  return sockets.map((s) => s.changes().some((m) => m.type === 'change' && m.id === id));
}

describe('realtime routing', () => {
  it('routes by product visibility, user, e-mail, admins and everyone', async () => {
    const admin = await createSignedInUser(ctx, { role: 'admin' });
    const creator = await createSignedInUser(ctx, { role: 'member' });
    const member = await createSignedInUser(ctx, { role: 'member' });
    const stranger = await createSignedInUser(ctx, { role: 'guest' });
    const product = await createProduct(ctx, creator.user.id);
    await addMember(ctx, (await createTeam(ctx, product.id)).id, member.user.id);
    const sockets = await Promise.all([admin, creator, member, stranger].map((who) => connect(who.token)));

    const product1 = { kind: 'task', op: 'updated', productId: product.id } as const;
    expect(await publishAndSettle(sockets, product1)).toEqual([true, true, true, false]);
    const own = {
      kind: 'notification',
      op: 'created',
      productId: null,
      userIds: [stranger.user.id],
    } as const;
    expect(await publishAndSettle(sockets, own)).toEqual([false, false, false, true]);
    const invited = {
      kind: 'event',
      op: 'created',
      productId: null,
      emails: [member.user.email.toUpperCase()],
    } as const;
    expect(await publishAndSettle(sockets, invited)).toEqual([false, false, true, false]);
    const accounts = { kind: 'user', op: 'updated', productId: null, admins: true } as const;
    expect(await publishAndSettle(sockets, accounts)).toEqual([true, false, false, false]);
    const nobody = { kind: 'service', op: 'deleted', productId: null } as const;
    expect(await publishAndSettle(sockets, nobody)).toEqual([false, false, false, false]);
  });

  it('re-checks the access of the users a change names before routing it', async () => {
    const owner = await createSignedInUser(ctx, { role: 'member' });
    const joiner = await createSignedInUser(ctx, { role: 'member' });
    const product = await createProduct(ctx, owner.user.id);
    const team = await createTeam(ctx, product.id);
    const sockets = await Promise.all([owner, joiner].map((who) => connect(who.token)));
    const taskChange = { kind: 'task', op: 'updated', productId: product.id } as const;
    expect(await publishAndSettle(sockets, taskChange)).toEqual([true, false]);

    // Joins the team (as the accept endpoint would), then the membership change names them.
    await addMember(ctx, team.id, joiner.user.id);
    const joined = {
      kind: 'member',
      op: 'updated',
      productId: product.id,
      access: [joiner.user.id],
    } as const;
    expect(await publishAndSettle(sockets, joined)).toEqual([true, true]);
    expect(await publishAndSettle(sockets, taskChange)).toEqual([true, true]);
  });

  it('answers the client heartbeat with pong', async () => {
    const who = await createSignedInUser(ctx);
    const socket = await connect(who.token);
    socket.socket.send(JSON.stringify({ type: 'ping' }));
    await socket.next((m) => m.type === 'pong');
    expect(ctx.app.realtime.size()).toBeGreaterThan(0);
  });
});
