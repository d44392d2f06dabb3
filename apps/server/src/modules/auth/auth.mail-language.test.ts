import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import de from '../../platform/mail-locales/de/mail.json' with { type: 'json' };
import { createUser } from '../../testing/factories.ts';
import { useAuthTests } from './auth.test-kit.ts';

// Issue 33: mail is written in its recipient's language (users.language); English otherwise.
const { ctx, post } = useAuthTests();

async function resetMailOf(language: string | null) {
  const user = await createUser(ctx);
  await ctx.db.update(users).set({ language }).where(eq(users.id, user.id));
  await post('/api/auth/reset-password', { email: user.email });
  await expect.poll(() => ctx.mail.sent.some((m) => m.to === user.email)).toBe(true);
  const mail = ctx.mail.sent.find((m) => m.to === user.email);
  if (!mail) throw new Error('no mail');
  return mail;
}

describe('mail in the recipient’s language', () => {
  it('writes a German user’s password reset mail in German, its link unchanged', async () => {
    const mail = await resetMailOf('de');
    expect(mail.subject).toBe('Setzen Sie Ihr Shipyard-Passwort zurück');
    expect(mail.subject).toBe(de['Reset your Shipyard password']);
    expect(mail.text).toContain(de['Choose a new password']);
    expect(mail.text).toContain('/auth?reset_token=');
    expect(mail.html).toContain(de['Someone asked to reset the password of your Shipyard account.']);
    expect(mail.text).not.toMatch(/Someone asked/);
  });

  it('keeps the English mail of someone without a language exactly as it was', async () => {
    const mail = await resetMailOf(null);
    expect(mail.subject).toBe('Reset your Shipyard password');
    expect(mail.text).toMatch(
      /^Someone asked to reset the password of your Shipyard account\.\n\nChoose a new password: http\S+\/auth\?reset_token=\S+\n\nThe link works once and expires in 1 hour\. If it was not you, ignore this mail: your password stays as it is\.\n\n— Shipyard$/,
    );
  });

  it('writes the note about a sign-up attempt in the language of the address’s owner', async () => {
    const owner = await createUser(ctx);
    await ctx.db.update(users).set({ language: 'ja' }).where(eq(users.id, owner.id));
    await post('/api/auth/register', { name: 'Someone', email: owner.email, password: 'another-pass-1' });
    await expect.poll(() => ctx.mail.sent.some((m) => m.to === owner.email)).toBe(true);
    expect(ctx.mail.sent.find((m) => m.to === owner.email)?.subject).toBe(
      'どなたかがあなたのメールアドレスで Shipyard に登録しようとしました',
    );
  });
});
