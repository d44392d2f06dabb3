import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A loopback SMTP receiver for the e2e run. Every mail the server sends is stored as one JSON
// file in a directory, so any Playwright worker (a separate process) can read it back.

export type StoredMail = {
  /** Envelope recipients and To header addresses, lowercased. */
  to: string[];
  subject: string;
  /** The text/plain body, decoded. */
  text: string;
  receivedAt: string;
};

const addresses = (a: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((x) => x.value)
    .flatMap((v) => (v.address ? [v.address.toLowerCase()] : []));

/** Reads a raw message the way a mail client would (mailparser), keeping what the tests need. */
async function parseMail(raw: Buffer, envelopeTo: string[]): Promise<StoredMail> {
  const message = await simpleParser(raw);
  return {
    to: [...new Set([...envelopeTo.map((a) => a.toLowerCase()), ...addresses(message.to)])],
    subject: message.subject ?? '',
    text: (message.text ?? '').replace(/\r\n/g, '\n'),
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
        seq += 1;
        const file = path.join(dir, `${String(seq).padStart(6, '0')}.json`);
        // Written under a temporary name and renamed, so a reader never sees half a file.
        parseMail(Buffer.concat(chunks), envelopeTo)
          .then((mail) => fs.writeFile(`${file}.tmp`, JSON.stringify(mail, null, 2)))
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
