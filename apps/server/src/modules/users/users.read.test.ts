import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';

// Reading users: the admin list, one user, and the caller.
const { as, signedInOnce } = useTestApp();
const superAdmin = signedInOnce('super admin', 'Sam Super');
const admin = signedInOnce('admin', 'Alex Admin');
const member = signedInOnce('member', 'Mia Member');

describe('reading users', () => {
  it('lists users for admins only', async () => {
    const res = await as(admin, { method: 'GET', url: '/api/user/all-users?limit=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    expect(res.json()).toMatchObject({ page: 1, limit: 2, total: expect.any(Number) });
    expect(res.json().data[0]).not.toHaveProperty('passwordHash');
    expect((await as(member, { method: 'GET', url: '/api/user/all-users' })).statusCode).toBe(403);
    expect((await as(undefined, { method: 'GET', url: '/api/user/all-users' })).statusCode).toBe(401);
  });

  it('gives anyone signed in the name of a user, and admins the whole record', async () => {
    const url = `/api/users/${admin.user.id}`;
    const seenByMember = await as(member, { method: 'GET', url });
    expect(seenByMember.statusCode).toBe(200);
    expect(seenByMember.json()).toEqual({
      id: admin.user.id,
      _id: admin.user.id,
      name: 'Alex Admin',
      full_name: 'Alex Admin',
      avatar_url: null,
      position: null,
    });
    expect((await as(superAdmin, { method: 'GET', url })).json().email).toBe(admin.user.email);
    expect((await as(member, { method: 'GET', url: `/api/users/${crypto.randomUUID()}` })).statusCode).toBe(
      404,
    );
    expect((await as(undefined, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('GET /api/user/me answers the caller', async () => {
    const res = await as(member, { method: 'GET', url: '/api/user/me' });
    expect(res.json()).toMatchObject({ id: member.user.id, email: member.user.email, role: 'member' });
  });
});
