import type { Transporter } from 'nodemailer';

/**
 * `link` is the mail's call to action, printed on one line when there is no SMTP server; `note`
 * is what else that line must carry for the mail to be of use (a temporary password).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
  note?: string;
  /** Extra headers (List-Unsubscribe); not printed when there is no SMTP server. */
  headers?: Record<string, string>;
};
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };
const toStdout = (line: string) => void process.stdout.write(line);

/**
 * Sends through SMTP_URL; without it, each mail is one plain line on stdout with its link, the
 * line the README tells a first user to look for (ARCHITECTURE §4) — not a JSON log entry.
 */
export function createMailer(
  smtpUrl: string | undefined,
  from: string,
  print: (line: string) => void = toStdout,
): Mailer {
  if (!smtpUrl) {
    return {
      send: async (mail) =>
        print(
          `shipyard: mail to ${mail.to} (no SMTP_URL set): ${mail.subject}${mail.link ? ` → ${mail.link}` : ''}${mail.note ? ` (${mail.note})` : ''}\n`,
        ),
      close: () => {},
    };
  }
  // nodemailer (about 14 MB of memory) is loaded with the first mail, not at start (issue 17).
  let transport: Promise<Transporter> | undefined;
  const open = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return transport;
  };
  return {
    send: async (mail) => {
      await (await open()).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    close: () =>
      void transport?.then(
        (t) => t.close(),
        () => {},
      ),
  };
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A plain mail with one call to action; the link is always built from APP_URL by the caller. */
export function linkMail(
  to: string,
  subject: string,
  intro: string,
  action: string,
  link: string,
  outro: string,
): Mail {
  return {
    to,
    subject,
    link,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n\n— Shipyard`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p><p>— Shipyard</p>`,
  };
}
