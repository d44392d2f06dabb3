import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';

// What an account change made by an admin publishes to the realtime clients.
const { ctx, as, signedInOnce, publishedBy } = useTestApp();
const superAdmin = signedInOnce('super admin', 'Sam Super');
const admin = signedInOnce('admin', 'Alex Admin');
const member = signedInOnce('member', 'Mia Member');

describe('realtime changes', () => {
  // To the admins, and to the user, whose sockets re-check their session and what they see.
  const change = (op: string, id: string) =>
    expect.objectContaining({
      kind: 'user',
      op,
      id,
      productId: null,
      admins: true,
      userIds: [id],
      access: [id],
    });

  it('publishes every account change an admin makes', async () => {
    let id = '';
    const create = { name: 'Rae Realtime', email: uniqueEmail('rt'), role: 'member' };
    expect(
      await publishedBy(async () => {
        const res = await as(admin, { method: 'POST', url: '/api/user/admin-create-users', payload: create });
        expect(res.statusCode).toBe(201);
        id = res.json().id;
      }),
    ).toEqual([change('created', id)]);
    const writes: Req[] = [
      { method: 'PATCH', url: '/api/user/update-user', payload: { id, name: 'Rae R.' } },
      { method: 'PATCH', url: `/api/user/${id}/role`, payload: { role: 'guest' } },
      { method: 'PATCH', url: '/api/user/update-user', payload: { id, disabled: true } },
    ];
    for (const req of writes) {
      expect(await publishedBy(() => as(admin, req)), JSON.stringify(req.payload)).toEqual([
        change('updated', id),
      ]);
    }
    expect(await publishedBy(() => as(admin, { method: 'DELETE', url: `/api/user/${id}` }))).toEqual([
      change('deleted', id),
    ]);
  });

  it('publishes nothing for a refused or invalid change', async () => {
    const target = await createUser(ctx, { role: 'member' });
    const published = await publishedBy(async () => {
      const rename = {
        method: 'PATCH',
        url: '/api/user/update-user',
        payload: { id: target.id, name: 'No' },
      } as const;
      expect((await as(member, rename)).statusCode).toBe(403);
      expect(
        (
          await as(admin, {
            method: 'PATCH',
            url: `/api/user/${superAdmin.user.id}/role`,
            payload: { role: 'member' },
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await as(admin, { method: 'POST', url: '/api/user/admin-create-users', payload: { name: 'X' } }))
          .statusCode,
      ).toBe(400);
      expect((await as(admin, { method: 'DELETE', url: `/api/user/${admin.user.id}` })).statusCode).toBe(400);
    });
    expect(published).toEqual([]);
  });
});
