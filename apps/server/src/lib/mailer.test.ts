import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_URL, buildTestApp, type TestContext } from '../testing/test-app.ts';
import { createMailer, type Mailer } from './mailer.ts';

// A real SMTP receiver on loopback: the app's mails go through nodemailer and the wire, and the
// test reads them back from the raw message the way a mail client would.

type Received = {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
  html: string;
};

type Part = { headers: Record<string, string>; body: string };

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function splitPart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

/** Quoted-printable (RFC 2045 §6.7): soft line breaks removed, =XX are UTF-8 bytes. */
function decodeQuotedPrintable(input: string): string {
  const src = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const hex = src.slice(i + 1, i + 3);
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(src[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** The leaf parts of a MIME message, multipart bodies split on their boundary. */
function leafParts(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((s) => !s.startsWith('--'))
    .flatMap((s) => leafParts(splitPart(s.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))));
}

function parseMessage(raw: string, envelopeFrom: string, envelopeTo: string[]): Received {
  const message = splitPart(raw);
  const leaves = leafParts(message);
  const body = (type: string) =>
    leaves
      .filter((p) => (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type))
      .map(decodeBody)
      .join('');
  return {
    envelopeFrom,
    envelopeTo,
    headers: message.headers,
    text: body('text/plain'),
    html: body('text/html'),
  };
}

const inbox: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;

async function waitForMail(to: string, subject: string, timeoutMs = 5000): Promise<Received> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = inbox.findLast((m) => m.envelopeTo.includes(to) && m.headers.subject?.includes(subject));
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
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        inbox.push(parseMessage(Buffer.concat(chunks).toString('utf8'), envelopeFrom, envelopeTo));
        callback();
      });
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
  let ctx: TestContext;
  let mailer: Mailer;
  const logged: string[] = [];

  beforeAll(async () => {
    const log = { info: (_obj: object, msg: string) => void logged.push(msg) };
    mailer = createMailer(`smtp://127.0.0.1:${smtpPort}`, 'Shipyard <no-reply@localhost>', log);
    ctx = await buildTestApp({ env: { APP_URL }, mailer });
  });
  afterAll(async () => {
    await ctx?.close();
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
    expect(mail.headers.from).toBe('Shipyard <no-reply@localhost>');
    expect(mail.headers.to).toBe(email);
    expect(mail.text).toContain('Welcome to Shipyard, Mira Mailer!');
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
    const unreachable = createMailer(`smtp://127.0.0.1:${port}`, 'Shipyard <no-reply@localhost>', {
      info: () => {},
    });
    await expect(unreachable.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow();
    unreachable.close();
  });
});

describe('createMailer without SMTP_URL', () => {
  it('writes the mail, link included, to the logger and sends nothing', async () => {
    const entries: { obj: object; msg: string }[] = [];
    const mailer = createMailer(undefined, 'Shipyard <no-reply@localhost>', {
      info: (obj, msg) => void entries.push({ obj, msg }),
    });
    const link = `${APP_URL}/verify?token=abc123`;
    await mailer.send({
      to: 'log@example.com',
      subject: 'Verify your Shipyard email',
      text: `Verify email: ${link}`,
    });
    mailer.close();
    expect(entries).toHaveLength(1);
    expect(entries[0]?.obj).toMatchObject({
      mail: { to: 'log@example.com', subject: 'Verify your Shipyard email' },
    });
    expect(entries[0]?.msg).toContain(link);
    expect(inbox).toEqual([]);
  });

  it('is what the app uses when SMTP_URL is unset: the link lands in the log', async () => {
    const lines: string[] = [];
    const logger = { info: (_obj: object, msg: string) => void lines.push(msg) };
    const ctx = await buildTestApp({
      env: { APP_URL: 'https://shipyard.example.com/' },
      mailer: createMailer(undefined, 'Shipyard <no-reply@localhost>', logger),
    });
    try {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Logan', email: 'logan@example.com', password: 'log-pass-1' },
      });
      expect(res.statusCode).toBe(201);
      expect(lines.join('\n')).toMatch(/https:\/\/shipyard\.example\.com\/verify\?token=[\w-]{32,}/);
    } finally {
      await ctx.close();
    }
  });
});
