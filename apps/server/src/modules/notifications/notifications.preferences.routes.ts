import {
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
  notificationCategoryTexts,
  notificationPreferenceMessages,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/mailer.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { PreferencesService } from './notifications.preferences.service.ts';

const tags = ['notifications'];

/** Settings → Notifications: the caller's own choices and time zone. */
export const preferencesRoutes: FastifyPluginAsyncZod<{ service: PreferencesService }> = async (
  app,
  { service },
) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/user/notification-preferences',
    {
      schema: {
        tags,
        summary:
          "The caller's notification choices per kind (in-app on/off, e-mail instant/digest/never) and time zone (null until saved)",
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (req) => service.read(currentUser(req)),
  );

  app.put(
    '/user/notification-preferences',
    {
      schema: {
        tags,
        summary:
          'Save the time zone (IANA) and the kinds given; the kinds left out keep their choice. Answers every kind',
        body: NotificationPreferencesUpdateSchema,
        response: { 200: NotificationPreferencesSchema },
      },
    },
    async (req) => service.save(currentUser(req), req.body),
  );
};

const TokenQuerySchema = z.object({ token: z.string().max(200).optional().default('') });

/** A small page for the browser that opened the link (no script: the app's CSP allows a form). */
function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Shipyard</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/**
 * The unsubscribe link of every notification mail (RFC 8058), signed out: the token alone says
 * whose mail of which kind. POST unsubscribes (mail clients' one-click, and the page's button);
 * GET only shows that button, because mail scanners open links without anyone asking.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  service: PreferencesService;
  appUrl: string;
}> = async (app, { service, appUrl }) => {
  // One-click clients post `List-Unsubscribe=One-Click` as a form; its content does not matter.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, body),
  );
  const limits = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const settingsLink = `<p><a href="${escapeHtml(`${appUrl}/settings?tab=notifications`)}">All notification settings</a></p>`;
  const refused = page(notificationPreferenceMessages.badToken, settingsLink);

  app.get(
    '/notifications/unsubscribe',
    {
      config: limits,
      schema: {
        tags,
        summary: 'The unsubscribe link of a notification mail: a page with a button that unsubscribes',
        querystring: TokenQuerySchema,
        produces: ['text/html'],
      },
    },
    async (req, reply) => {
      const found = service.checkToken(req.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.status(400).send(refused);
      const what =
        found.scope === 'digest' ? 'the daily digest' : `“${notificationCategoryTexts[found.scope].label}”`;
      return page(
        'Unsubscribe',
        `<p>Stop e-mails about ${escapeHtml(what)}? Your other notification settings stay as they are.</p>
<form method="post" action="?token=${encodeURIComponent(req.query.token)}"><button type="submit">Unsubscribe</button></form>${settingsLink}`,
      );
    },
  );

  app.post(
    '/notifications/unsubscribe',
    {
      config: limits,
      schema: {
        tags,
        summary:
          'One-click unsubscribe (RFC 8058): that kind of mail becomes never for the user the token names; no sign-in',
        querystring: TokenQuerySchema,
        produces: ['text/html'],
      },
    },
    async (req, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const done = await service.unsubscribe(req.query.token);
      if (!done) return reply.status(400).send(refused);
      return page(notificationPreferenceMessages.unsubscribed, settingsLink);
    },
  );
};
