import {
  MAX_PUSH_DEVICES,
  PushDeviceIdParamsSchema,
  PushDeviceSchema,
  PushDevicesSchema,
  PushPublicKeySchema,
  PushSettingsSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
  pushMessages,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireBrowserSession } from '../../lib/session.ts';
import type { PushService } from './push.service.ts';

const tags = ['push'];
const reads = perUserRateLimit(120, '1 minute', pushMessages.rateLimited, 'PUSH_RATE_LIMITED');
const writes = perUserRateLimit(30, '1 minute', pushMessages.rateLimited, 'PUSH_RATE_LIMITED');
/** A browser subscribes once per device, and again when its subscription changes. */
const subscribes = perUserRateLimit(20, '1 hour', pushMessages.rateLimited, 'PUSH_RATE_LIMITED');

/**
 * Web push, the caller's own devices and quiet hours (issue 33, decision 050). A person's
 * browser session only: each route refuses a personal API token (403), none answers without a
 * session (401). Each route names its hook itself (see auth.security.routes.ts: one shared hook
 * array would collect the rate limiter's hooks).
 */
export const pushRoutes: FastifyPluginAsyncZod<{ service: PushService }> = async (app, { service }) => {
  app.get(
    '/push/public-key',
    {
      onRequest: requireBrowserSession,
      config: reads,
      schema: {
        tags,
        summary:
          "The server's VAPID public key (base64url): the applicationServerKey of pushManager.subscribe",
        response: { 200: PushPublicKeySchema },
      },
    },
    async () => service.publicKey(),
  );

  app.get(
    '/push/subscriptions',
    {
      onRequest: requireBrowserSession,
      config: reads,
      schema: {
        tags,
        summary: 'The devices where you turned push on, newest first',
        response: { 200: PushDevicesSchema },
      },
    },
    async (req) => service.devices(currentUser(req)),
  );

  app.post(
    '/push/subscriptions',
    {
      onRequest: requireBrowserSession,
      config: subscribes,
      bodyLimit: 8 * 1024,
      schema: {
        tags,
        summary:
          "Turn push on for this device: the PushSubscription's JSON (endpoint, keys.p256dh, keys.auth)",
        description: `The endpoint must be an https URL that does not reach a private address. An endpoint already stored is taken over (this browser subscribed again). At most ${MAX_PUSH_DEVICES} devices per account; 20 subscribes per hour.`,
        body: PushSubscriptionBodySchema,
        response: { 201: PushDeviceSchema },
      },
    },
    async (req, reply) => {
      const device = await service.subscribe(currentUser(req), req.body, req.headers['user-agent']);
      return reply.status(201).send(device);
    },
  );

  app.delete(
    '/push/subscriptions',
    {
      onRequest: requireBrowserSession,
      config: writes,
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary: 'Turn push off for this device (its endpoint); nothing happens for an endpoint not yours',
        body: PushUnsubscribeBodySchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.unsubscribe(currentUser(req), req.body.endpoint);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      onRequest: requireBrowserSession,
      config: writes,
      schema: {
        tags,
        summary: 'Remove one of your devices: it gets no more pushes',
        params: PushDeviceIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await service.removeDevice(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/push/settings',
    {
      onRequest: requireBrowserSession,
      config: reads,
      schema: { tags, summary: 'Your quiet hours (null: none)', response: { 200: PushSettingsSchema } },
    },
    async (req) => service.settings(currentUser(req)),
  );

  app.put(
    '/push/settings',
    {
      onRequest: requireBrowserSession,
      config: writes,
      bodyLimit: 4 * 1024,
      schema: {
        tags,
        summary:
          'Set quiet hours (start and end as HH:MM in timeZone; start after end runs over midnight), or null for none',
        description:
          'During quiet hours no push is sent; the notification stays in the inbox (and its e-mail, if any, goes as usual).',
        body: PushSettingsSchema,
        response: { 200: PushSettingsSchema },
      },
    },
    async (req) => service.saveSettings(currentUser(req), req.body),
  );
};
