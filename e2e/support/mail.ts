import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

// A loopback SMTP receiver for the e2e run. Every mail the server sends is stored as one JSON
// file in a directory, so any Playwright worker (a separate process) can read it back.

export type StoredMail = {
  /** Envelope recipients and To header addresses, lowercased. */
  to: string[];
  subject: string;
  /** The text/plain body, transfer encoding decoded (quoted-printable soft breaks removed). */
  text: string;
  receivedAt: string;
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
export function decodeQuotedPrintable(input: string): string {
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

/** RFC 2047 encoded words in headers (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The leaf parts of a MIME message, multipart bodies split on their boundary. */
function leafParts(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((section) => !section.startsWith('--'))
    .flatMap((section) => leafParts(splitPart(section.replace(/^\r?\n/, ''))));
}

const addresses = (value: string | undefined) =>
  (value ?? '').match(/[^\s<>,"]+@[^\s<>,"]+/g)?.map((a) => a.toLowerCase()) ?? [];

export function parseMail(raw: string, envelopeTo: string[]): StoredMail {
  const message = splitPart(raw);
  const leaves = leafParts(message);
  const plain = leaves.find((p) =>
    (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith('text/plain'),
  );
  const html = leaves.find((p) => (p.headers['content-type'] ?? '').toLowerCase().startsWith('text/html'));
  const text = plain
    ? decodeBody(plain)
    : html
      ? decodeBody(html)
          .replace(/<[^>]+>/g, ' ')
          .replace(/&amp;/g, '&')
      : '';
  return {
    to: [...new Set([...envelopeTo.map((a) => a.toLowerCase()), ...addresses(message.headers.to)])],
    subject: decodeHeaderWords(message.headers.subject ?? ''),
    text: text.replace(/\r\n/g, '\n'),
    receivedAt: new Date().toISOString(),
  };
}

export type MailReceiver = { port: number; close: () => Promise<void> };

/** Starts the receiver on 127.0.0.1 (a free port); every mail lands in `dir` as NNNNNN.json. */
export async function startMailReceiver(dir: string): Promise<MailReceiver> {
  let seq = 0;
  const server = new SMTPServer({
    // smtp-server's bundled certificate has expired and nodemailer would upgrade to it.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo);
        seq += 1;
        const file = path.join(dir, `${String(seq).padStart(6, '0')}.json`);
        // Written under a temporary name and renamed, so a reader never sees half a file.
        fs.writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2))
          .then(() => fs.rename(`${file}.tmp`, file))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export type MailQuery = { to: string; subject?: string | RegExp; timeoutMs?: number };

/** Waits for the newest mail to `to` (and with that subject) in the receiver's directory. */
export async function waitForMail(dir: string, query: MailQuery): Promise<StoredMail> {
  const to = query.to.toLowerCase();
  const matchesSubject = (subject: string) =>
    query.subject === undefined ||
    (typeof query.subject === 'string' ? subject.includes(query.subject) : query.subject.test(subject));
  const deadline = Date.now() + (query.timeoutMs ?? 15_000);
  for (;;) {
    const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json')).sort();
    for (const file of files.reverse()) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as StoredMail;
      if (mail.to.includes(to) && matchesSubject(mail.subject)) return mail;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `No mail to ${query.to}${query.subject ? ` with subject ${String(query.subject)}` : ''} arrived within ${query.timeoutMs ?? 15_000} ms (${files.length} mails received in total)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first http(s) link in the mail whose path starts with `pathPrefix`. */
export function linkIn(mail: StoredMail, pathPrefix: string): string {
  for (const candidate of mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? []) {
    if (new URL(candidate).pathname.startsWith(pathPrefix)) return candidate;
  }
  throw new Error(`No link to ${pathPrefix} in the mail "${mail.subject}":\n${mail.text}`);
}

/** The temporary password of an account created by an admin. */
export function temporaryPasswordIn(mail: StoredMail): string {
  const password = /Your temporary password is: (\S+)/.exec(mail.text)?.[1];
  if (!password) throw new Error(`No temporary password in the mail "${mail.subject}":\n${mail.text}`);
  return password;
}
