import { GateTemplatePartSchema } from '@shipyard/shared';
import fp from 'fastify-plugin';
import { createGatesRepository } from './gates.repository.ts';
import { gatesRoutes } from './gates.routes.ts';
import { createGatesService } from './gates.service.ts';

/**
 * Stage gates (issue 32, docs/decisions/059-stage-gates.md): exit criteria per stage (a workspace
 * default, a product's own, product templates), checked on every forward move of a product through
 * the products module's stage guard; confirmations, approvals and overrides, each in the product's
 * activity and the audit log.
 */
export const gatesModule = fp(
  async (app) => {
    const service = createGatesService({
      db: app.db,
      gates: createGatesRepository(app.db),
      activities: app.activities,
      audit: app.audit,
      notifier: app.notifications.notifier,
      changes: app.changes,
      clock: app.clock,
    });
    app.products.addStageGuard(service.guard);
    // Product templates carry the product's own exit criteria (decision 039's parts).
    app.templates.addProductPart('gates', {
      schema: GateTemplatePartSchema,
      capture: service.capture,
      apply: (productId, part, { tx, actor }) => service.apply(productId, part, tx, actor.id),
    });
    await app.register(gatesRoutes, { prefix: '/api', service });
  },
  { name: 'gates', dependencies: ['platform', 'activities', 'notifications', 'products', 'templates'] },
);
