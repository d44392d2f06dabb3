import nodemailer from 'nodemailer';

/** `link` is the mail's call to action, printed on one line when there is no SMTP server. */
export type Mail = { to: string; subject: string; text: string; html?: string; link?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };
type Logger = { info: (obj: object, msg: string) => void };

/** Sends through SMTP_URL; without it, the mail and its link go to the log (ARCHITECTURE §4). */
export function createMailer(smtpUrl: string | undefined, from: string, log: Logger): Mailer {
  if (!smtpUrl) {
    return {
      send: async (mail) =>
        log.info({ mail: { to: mail.to, subject: mail.subject } }, `mail (no SMTP_URL set):\n${mail.text}`),
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transport.close(),
  };
}

const escapeHtml = (s: string) =>
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
