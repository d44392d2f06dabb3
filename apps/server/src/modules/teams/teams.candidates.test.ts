import { describe, expect, it } from 'vitest';
import { addMember, createUser } from '../../testing/factories.ts';
import type { Signed } from '../../testing/http.ts';
import { invite, useTeamTests } from './teams.test-kit.ts';

// Whom a team's manager may invite: GET /api/team/{teamId}/candidates.
const { ctx, as, member, signedInOnce, productWithTeam, join } = useTeamTests();
const admin = signedInOnce('admin', 'Ada Admin');

describe('GET /api/team/{teamId}/candidates', () => {
  it('lists admins enabled, verified users whose name or e-mail contains the search, without anyone in the team, by name', async () => {
    const owner = await member();
    const { product, team } = await productWithTeam(owner);
    const tag = `Cand${Date.now().toString(36)}`;
    const make = (name: string, options: Parameters<typeof createUser>[1] = {}) =>
      createUser(ctx, { name: `${name} ${tag}`, ...options });
    const bea = await make('Bea');
    const abe = await make('Abe');
    await make('Dis', { disabled: true });
    await make('Unv', { verified: false });
    const invited = await make('Inv');
    const active = await make('Act');
    const byEmail = await createUser(ctx, { name: 'Zed', email: `${tag.toLowerCase()}-zed@example.com` });
    await as(owner, invite(team.id, product.id, { userId: invited.id, role: 'developer' }));
    await addMember(ctx, team.id, active.id);

    const res = await as(admin, { url: `/api/team/${team.id}/candidates?search=${tag.toUpperCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { _id: abe.id, id: abe.id, name: `Abe ${tag}`, email: abe.email, avatar: null },
        { _id: bea.id, id: bea.id, name: `Bea ${tag}`, email: bea.email, avatar: null },
        { _id: byEmail.id, id: byEmail.id, name: 'Zed', email: byEmail.email, avatar: null },
      ],
      restricted: false,
    });
    const all = await as(admin, { url: `/api/team/${team.id}/candidates` });
    expect(all.json().data.length).toBeGreaterThan(0);
    expect(all.json().data.length).toBeLessThanOrEqual(20);
    expect(all.json().data.map((c: { id: string }) => c.id)).not.toContain(owner.user.id);
  });

  it('answers only those who may manage the team', async () => {
    const owner = await member();
    const plain = await member();
    const { product, team } = await productWithTeam(owner);
    await join(owner, team.id, product.id, plain);
    expect((await as(plain, { url: `/api/team/${team.id}/candidates` })).statusCode).toBe(403);
    expect((await as(await member(), { url: `/api/team/${team.id}/candidates` })).statusCode).toBe(404);
    expect((await as(admin, { url: `/api/team/${team.id}/candidates` })).statusCode).toBe(200);
  });

  // Issue 13 #8 (docs/decisions/011-people-search.md): a member who leads a team finds the
  // person to invite without being able to list the directory.
  describe('for a lead who is not an admin', () => {
    const search = async (who: Signed, teamId: string, term: string) => {
      const res = await as(who, { url: `/api/team/${teamId}/candidates?search=${encodeURIComponent(term)}` });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: { id: string; name: string; email: string }[]; restricted: boolean };
    };

    it('lists nobody for an empty, one-letter or two-letter search', async () => {
      const lead = await member();
      const { team } = await productWithTeam(lead);
      await createUser(ctx, { name: 'Anna Apple' });
      for (const term of ['', 'a', 'An', '@', 'example.com']) {
        expect(await search(lead, team.id, term)).toEqual({ data: [], restricted: true });
      }
    });

    it('finds a person by their exact e-mail, in any case, with the e-mail shown', async () => {
      const lead = await member();
      const { team } = await productWithTeam(lead);
      const tag = Date.now().toString(36);
      const target = await createUser(ctx, { name: 'Quinn Exact', email: `quinn-${tag}@example.com` });
      const found = await search(lead, team.id, `QUINN-${tag}@Example.com`);
      expect(found.data).toEqual([
        { _id: target.id, id: target.id, name: 'Quinn Exact', email: target.email, avatar: null },
      ]);
      expect((await search(lead, team.id, `quinn-${tag}@example.co`)).data).toEqual([]);
    });

    it('finds at most 5 people by the start of a name or of a word in it, their e-mails masked', async () => {
      const lead = await member();
      const { team } = await productWithTeam(lead);
      const tag = `Pfx${Date.now().toString(36)}`;
      for (let i = 0; i < 7; i++) {
        await createUser(ctx, { name: `${tag} Person${i}`, email: `p${i}-${tag.toLowerCase()}@example.com` });
      }
      const other = await createUser(ctx, {
        name: `Robin ${tag}x`,
        email: `robin-${tag.toLowerCase()}@corp.test`,
      });

      const byFirstWord = await search(lead, team.id, tag.slice(0, 6));
      expect(byFirstWord.restricted).toBe(true);
      expect(byFirstWord.data).toHaveLength(5);
      for (const person of byFirstWord.data) expect(person.email).toBe('p•••@example.com');

      const bySecondWord = await search(lead, team.id, `${tag}X`);
      expect(bySecondWord.data).toEqual([
        { _id: other.id, id: other.id, name: other.name, email: 'r•••@corp.test', avatar: null },
      ]);
      // Not the middle of a word, and not the e-mail.
      expect((await search(lead, team.id, tag.slice(1))).data).toEqual([]);
      expect((await search(lead, team.id, `robin-${tag.toLowerCase()}`)).data).toEqual([]);
    });

    it('refuses a 61st search in a minute with 429 and says what the limit is', async () => {
      const lead = await member();
      const { team } = await productWithTeam(lead);
      for (let i = 0; i < 60; i++) await search(lead, team.id, `abc${i}`);
      const res = await as(lead, { url: `/api/team/${team.id}/candidates?search=abcd` });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toBe(
        'You can search for people at most 60 times a minute. Please wait a minute and try again.',
      );
    });
  });
});
