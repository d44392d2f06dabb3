import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../lib/mailer.ts';

// Outgoing mail: SMTP_URL's server, or one printed line per mail when it is unset (or the
// mailer buildApp was handed: tests keep what was sent).

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailPlugin = fp<{ mailer?: Mailer }>(
  async (app, { mailer: given }) => {
    const mailer = given ?? createMailer(app.config.smtpUrl, app.config.mailFrom);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'platform.mail', dependencies: ['platform.core'] },
);
