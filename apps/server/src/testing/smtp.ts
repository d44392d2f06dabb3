import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as a client reads it: parsed by a real mail parser, headers lower-cased. */
type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Each header's raw value by its lower-cased name (the last one wins). */
  headers: Record<string, string>;
};

/**
 * A real SMTP receiver on loopback for a test file: the app sends through nodemailer and the
 * wire (SMTP_URL = `url`), and the test reads what arrived.
 */
export async function startSmtpReceiver() {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream)
        .then((mail) => {
          inbox.push({
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(
              mail.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()]),
            ),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The mails to `to` so far. */
    to: (address: string) => inbox.filter((m) => m.to.includes(address)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;
