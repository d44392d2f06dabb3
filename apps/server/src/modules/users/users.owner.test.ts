import { userMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';
import { storedUser } from './users.test-kit.ts';

// Issue 27 #2: a super admin made by a leaked token (or by anyone) is the owner's peer, and peers
// cannot change each other's access (decision 010). The owner — the instance's earliest active
// super admin — may still demote or disable a later one; never the other way round.

const { ctx, as, signedIn, signedInOnce } = useTestApp();

const owner = signedInOnce('super admin', 'Olga Owner');
const later = signedInOnce('super admin', 'Ray Rogue');

const update = (payload: object): Req => ({ method: 'PATCH', url: '/api/user/update-user', payload });
const role = (id: string, value: string): Req => ({
  method: 'PATCH',
  url: `/api/user/${id}/role`,
  payload: { role: value },
});

describe('the owner and later super admins (issue 27 #2)', () => {
  it('lets the owner demote a super admin made later', async () => {
    const res = await as(owner, role(later.user.id, 'member'));
    expect(res.statusCode).toBe(200);
    expect((await storedUser(ctx, later.user.id))?.role).toBe('member');
  });

  it('lets the owner disable a super admin made later, which ends their sessions', async () => {
    const other = await signedIn('super admin', 'Sid Second');
    const res = await as(owner, update({ id: other.user.id, disabled: true }));
    expect(res.statusCode).toBe(200);
    expect((await storedUser(ctx, other.user.id))?.disabledAt).not.toBeNull();
    expect((await as(other, { url: '/api/user/me' })).statusCode).toBe(401);
  });

  it('never lets a later super admin demote or disable the owner', async () => {
    const rogue = await signedIn('super admin', 'Rex Rogue');
    for (const req of [
      role(owner.user.id, 'member'),
      update({ id: owner.user.id, role: 'admin' }),
      update({ id: owner.user.id, disabled: true }),
    ]) {
      const res = await as(rogue, req);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(userMessages.accessNotBelow);
    }
    expect(await storedUser(ctx, owner.user.id)).toMatchObject({ role: 'super admin', disabledAt: null });
  });

  it("does not let the owner change a later super admin's e-mail, nor delete them before demoting them", async () => {
    const peer = await signedIn('super admin', 'Pat Peer');
    expect((await as(owner, update({ id: peer.user.id, email: uniqueEmail('x') }))).statusCode).toBe(403);
    expect((await as(owner, { method: 'DELETE', url: `/api/user/${peer.user.id}` })).statusCode).toBe(403);
    expect((await storedUser(ctx, peer.user.id))?.email).toBe(peer.user.email);
  });

  it('tells the owner, and only the owner, that they are the owner', async () => {
    const other = await signedIn('super admin', 'Una Other');
    expect((await as(owner, { url: '/api/user/me' })).json()).toMatchObject({ owner: true });
    expect((await as(other, { url: '/api/user/me' })).json()).toMatchObject({ owner: false });
  });
});
