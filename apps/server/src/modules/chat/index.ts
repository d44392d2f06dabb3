import fp from 'fastify-plugin';
import { createDueSoonScan, DUE_SOON_JOB } from './chat.due-soon.ts';
import { createChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { createChatService } from './chat.service.ts';
import { createChatTarget } from './chat.target.ts';

/**
 * Chat destinations per product (issue 33, docs/decisions/051-chat-destinations.md): a target of
 * the services' outbox and delivery worker, so that chat messages are written in the change's
 * transaction and sent with the webhooks' SSRF guard, retries and delivery log.
 */
export const chatModule = fp(
  async (app) => {
    const { db, clock, secrets, config } = app;
    const destinations = createChatRepository(db);
    app.outbox.addTarget(createChatTarget({ destinations, secrets, appUrl: config.appUrl }));
    const scan = createDueSoonScan({ db, clock, outbox: app.outbox });
    app.jobs.handle({ [DUE_SOON_JOB]: async () => void (await scan()) }, [
      { match: '*/5 * * * *', task: DUE_SOON_JOB },
    ]);
    const service = createChatService({
      db,
      destinations,
      secrets,
      clock,
      allowPrivate: config.webhookAllowPrivate,
      deliveryLog: app.webhooks.log,
      deliverNow: app.webhooks.deliverNow,
    });
    await app.register(chatRoutes, { prefix: '/api', service });
  },
  { name: 'chat', dependencies: ['platform', 'services'] },
);
