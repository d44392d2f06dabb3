import { languageMessages } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { apiTokenHeaders } from '../../testing/factories.ts';
import { type Req, useTestApp } from '../../testing/http.ts';

// Issue 33: a person's language, read with the signed-in user and set by them alone.
const { ctx, as, signedIn } = useTestApp();

const setLanguage = (language: unknown): Req => ({
  method: 'PUT',
  url: '/api/user/me/language',
  payload: { language },
});
const me: Req = { method: 'GET', url: '/api/user/me' };

describe('the language of a person', () => {
  it('is null until chosen, then read back with the signed-in user, and null again to follow the browser', async () => {
    const member = await signedIn('member');
    expect((await as(member, me)).json().language).toBeNull();

    const set = await as(member, setLanguage('de'));
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ id: member.user.id, language: 'de' });
    expect((await as(member, me)).json().language).toBe('de');

    expect((await as(member, setLanguage('pt-BR'))).json().language).toBe('pt-BR');
    expect((await as(member, setLanguage(null))).json().language).toBeNull();
    expect((await as(member, me)).json().language).toBeNull();
  });

  it('refuses a code that is not one of the languages, with a clear message', async () => {
    const member = await signedIn('member');
    for (const language of ['xx', 'de-DE', 'en-XA', '', 42, 'x'.repeat(5000)]) {
      const res = await as(member, setLanguage(language));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(languageMessages.unknown);
    }
    expect((await as(member, { ...setLanguage('de'), payload: {} })).statusCode).toBe(400);
    expect((await as(member, me)).json().language).toBeNull();
  });

  it('answers 401 signed out', async () => {
    expect((await as(undefined, setLanguage('de'))).statusCode).toBe(401);
  });

  it("changes only the caller's own language, never someone else's", async () => {
    const [ada, bob] = [await signedIn('member'), await signedIn('admin')];
    await as(bob, setLanguage('fr'));
    await as(ada, setLanguage('ja'));
    expect((await as(bob, me)).json().language).toBe('fr');
    expect((await as(ada, me)).json().language).toBe('ja');
    // No body names another person: an id sent along is not part of the schema and changes nothing.
    await as(ada, { ...setLanguage('ko'), payload: { language: 'ko', id: bob.user.id } });
    expect((await as(bob, me)).json().language).toBe('fr');
  });

  it('may be set through an API token with write scope, not with a read-only one', async () => {
    const member = await signedIn('member');
    const write = await apiTokenHeaders(ctx, member, 'write');
    const read = await apiTokenHeaders(ctx, member, 'read');
    const by = (headers: Record<string, string>, language: string) =>
      ctx.app.inject({ ...setLanguage(language), headers });
    expect((await by(write, 'es')).statusCode).toBe(200);
    expect((await by(read, 'it')).statusCode).toBe(403);
    expect((await as(member, me)).json().language).toBe('es');
  });
});
