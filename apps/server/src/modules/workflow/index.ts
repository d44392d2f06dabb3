import fp from 'fastify-plugin';
import { createWorkflowRepository } from './workflow.repository.ts';
import { workflowRoutes } from './workflow.routes.ts';
import { createWorkflowService } from './workflow.service.ts';
import { statesPart } from './workflow.template.ts';

/**
 * Workflow states per product (issue 29, docs/decisions/036-workflow-states.md). A task's state is
 * a column of the tasks table, kept consistent with its status by the database (migration 0030),
 * so the tasks module reads and writes it without this module; here are the states themselves.
 */
export const workflowModule = fp(
  async (app) => {
    const states = createWorkflowRepository(app.db);
    const service = createWorkflowService({ db: app.db, states, changes: app.changes });
    // Product templates carry the product's states (decision 039).
    app.templates.addProductPart('states', statesPart(states));
    await app.register(workflowRoutes, { prefix: '/api', service });
  },
  { name: 'workflow', dependencies: ['platform', 'templates'] },
);
