import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../testing/factories.ts';
import { useTestApp, withTestApp } from '../testing/http.ts';
import { APP_URL } from '../testing/test-app.ts';
import { createMailer, linkMail, type Mailer } from './mailer.ts';

// A real SMTP receiver on loopback: the app's mails go through nodemailer and the wire, and the
// test reads them back with a real mail parser, the way a mail client would.

type Received = {
  envelopeFrom: string;
  envelopeTo: string[];
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  html: string;
};

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((x) => x.value)
    .map((v) => ({ name: v.name, address: v.address ?? '' }));

const inbox: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;

async function waitForMail(to: string, subject: string, timeoutMs = 5000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = inbox.findLast((m) => m.envelopeTo.includes(to) && m.subject.includes(subject));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The single link of a mail's text, as a URL. */
function linkIn(mail: Received): URL {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return new URL(links[0] as string);
}

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
      const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            envelopeFrom,
            envelopeTo,
            from: addresses(mail.from)[0] ?? { name: '', address: '' },
            to: addresses(mail.to).map((a) => a.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });
  smtpPort = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail through SMTP_URL to a real SMTP server', () => {
  let mailer: Mailer;
  const logged: string[] = [];
  // The SMTP server's port is known once the file's beforeAll ran.
  const { ctx } = useTestApp(() => {
    mailer = createMailer(`smtp://127.0.0.1:${smtpPort}`, 'Shipyard <no-reply@localhost>', (line) =>
      logged.push(line),
    );
    return { env: { APP_URL }, mailer };
  });
  beforeEach(() => {
    inbox.length = 0;
  });

  const register = (email: string, password: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers,
      payload: { name: 'Mira Mailer', email, password },
    });
  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it('delivers the verification mail; following its link verifies the account and login works', async () => {
    const email = 'mira@example.com';
    const res = await register(email, 'first-pass-1');
    expect(res.statusCode).toBe(201);

    const mail = await waitForMail(email, 'Verify your Shipyard email');
    expect(mail.envelopeFrom).toBe('no-reply@localhost');
    expect(mail.from).toEqual({ name: 'Shipyard', address: 'no-reply@localhost' });
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain('Welcome to Shipyard!');
    expect(mail.text).not.toContain('Mira Mailer'); // no text the sender chose (issue 13 #14)
    expect(mail.text).toContain('— Shipyard'); // non-ASCII survives the transfer encoding
    expect(logged).toEqual([]); // sent over SMTP, not to the log

    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/verify`);
    const token = link.searchParams.get('token');
    expect(token).toMatch(/^[\w-]{32,}$/);
    expect(mail.html).toContain(`href="${link.href}"`);

    expect((await login(email, 'first-pass-1')).json().code).toBe('EMAIL_NOT_VERIFIED');
    const verified = await ctx.app.inject(`/api/auth/verify?token=${token}`);
    expect(verified.statusCode).toBe(200);
    const signedIn = await login(email, 'first-pass-1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));

    // The link works once.
    expect((await ctx.app.inject(`/api/auth/verify?token=${token}`)).statusCode).toBe(400);
  });

  it('delivers the password reset mail; its token sets a new password once', async () => {
    const email = 'reset-me@example.com';
    expect((await register(email, 'old-password-1')).statusCode).toBe(201);
    const verifyLink = linkIn(await waitForMail(email, 'Verify'));
    await ctx.app.inject(`/api/auth/verify?token=${verifyLink.searchParams.get('token')}`);
    expect((await login(email, 'old-password-1')).statusCode).toBe(200);

    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(email, 'Reset your Shipyard password');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_URL}/auth`);
    const token = link.searchParams.get('reset_token');
    expect(token).toMatch(/^[\w-]{32,}$/);

    const confirm = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password/confirm',
        payload: { token, newPassword: 'new-password-2' },
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await login(email, 'old-password-1')).statusCode).toBe(401);
    expect((await login(email, 'new-password-2')).statusCode).toBe(200);
    const reused = await confirm();
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('TOKEN_INVALID');
  });

  it('builds mailed links from APP_URL, never from the Host header of the request', async () => {
    const hostile = {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    const email = 'host-check@example.com';
    expect((await register(email, 'host-pass-1', hostile)).statusCode).toBe(201);
    const verify = await waitForMail(email, 'Verify');

    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: hostile,
      payload: { email },
    });
    expect(reset.statusCode).toBe(200);
    const resetMail = await waitForMail(email, 'Reset');

    for (const mail of [verify, resetMail]) {
      expect(linkIn(mail).origin).toBe(APP_URL);
      expect(mail.text).not.toContain('evil.example');
      expect(mail.html).not.toContain('evil.example');
    }
  });

  it('rejects send() when the SMTP server cannot be reached', async () => {
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS'], authOptional: true, logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createMailer(`smtp://127.0.0.1:${port}`, 'Shipyard <no-reply@localhost>', () => {});
    await expect(unreachable.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
    unreachable.close();
  });
});

describe('createMailer without SMTP_URL', () => {
  it('prints one plain line naming the recipient, the subject and the link, and sends nothing', async () => {
    const printed: string[] = [];
    const mailer = createMailer(undefined, 'Shipyard <no-reply@localhost>', (line) => printed.push(line));
    const link = `${APP_URL}/verify?token=abc123`;
    await mailer.send({
      to: 'log@example.com',
      subject: 'Verify your Shipyard email',
      text: `Verify email: ${link}`,
      link,
    });
    mailer.close();
    expect(printed).toEqual([
      `shipyard: mail to log@example.com (no SMTP_URL set): Verify your Shipyard email → ${link}\n`,
    ]);
    expect(inbox).toEqual([]);
  });

  it('prints the line the README tells users to look for', async () => {
    const readme = await fs.readFile(new URL('../../../../README.md', import.meta.url), 'utf8');
    const quoted = readme.match(/look for\s+the line `([^`]+)`/)?.[1];
    expect(quoted).toBeDefined();
    const printed: string[] = [];
    const mailer = createMailer(undefined, 'Shipyard <no-reply@localhost>', (line) => printed.push(line));
    await mailer.send(
      linkMail('you@example.com', 'Verify your Shipyard email', 'Hi', 'Verify email', 'http://…', 'Bye'),
    );
    expect(printed).toEqual([`${quoted}\n`]);
  });

  it("keeps an admin-created account's temporary password on its printed line, and it logs in", async () => {
    const printed: string[] = [];
    await withTestApp(
      {
        env: { APP_URL },
        mailer: createMailer(undefined, 'Shipyard <no-reply@localhost>', (line) => printed.push(line)),
      },
      async (ctx) => {
        const admin = await createSignedInUser(ctx, { role: 'super admin' });
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/user/admin-create-users',
          headers: { authorization: `Bearer ${admin.token}` },
          payload: { name: 'Temp Tess', email: 'tess@example.com', role: 'member' },
        });
        expect(res.statusCode).toBe(201);
        const line = printed.find((l) => l.includes('tess@example.com')) ?? '';
        const password = line.match(/\(temporary password: (\S+)\)\n$/)?.[1];
        expect(line).toMatch(
          /^shipyard: mail to tess@example\.com \(no SMTP_URL set\): Your Shipyard account → /,
        );
        const login = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'tess@example.com', password },
        });
        expect(login.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
      },
    );
  });

  it('is what the app uses when SMTP_URL is unset: the link lands on one line of its own', async () => {
    const printed: string[] = [];
    await withTestApp(
      {
        env: { APP_URL: 'https://shipyard.example.com/' },
        mailer: createMailer(undefined, 'Shipyard <no-reply@localhost>', (line) => printed.push(line)),
      },
      async (ctx) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Logan', email: 'logan@example.com', password: 'log-pass-1' },
        });
        expect(res.statusCode).toBe(201);
        expect(printed).toHaveLength(1);
        expect(printed[0]).toMatch(
          /^shipyard: mail to logan@example\.com \(no SMTP_URL set\): .+ → https:\/\/shipyard\.example\.com\/verify\?token=[\w-]{32,}\n$/,
        );
      },
    );
  });
});
