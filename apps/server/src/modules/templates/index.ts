import fp from 'fastify-plugin';
import { registerProductParts, registerTaskParts } from './templates.builtin.ts';
import { createPartRegistry, type TemplateParts } from './templates.parts.ts';
import { createProductTemplatesService } from './templates.products.ts';
import { createTemplatesRepository } from './templates.repository.ts';
import { templatesRoutes } from './templates.routes.ts';
import { createTaskTemplatesService } from './templates.tasks.ts';

export type { ApplyContext } from './templates.parts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The parts of templates other modules contribute at boot (issue 29): a task's workflow
     * state, custom field values, sub-tasks; a product's states and fields.
     */
    templates: TemplateParts;
  }
}

/**
 * Task templates (a product's), product templates (the workspace's) and task duplicates
 * (issue 29, docs/decisions/039-templates.md).
 */
export const templatesModule = fp(
  async (app) => {
    const { db, changes, activities } = app;
    const repo = createTemplatesRepository(db);
    const taskParts = createPartRegistry('task');
    const productParts = createPartRegistry('product');
    registerTaskParts(taskParts, { labels: app.labels, checklists: app.checklists.importer });
    registerProductParts(productParts, {
      repo,
      labels: app.labels,
      checklists: app.checklists.importer,
      taskImporter: app.tasks.importer,
      teams: app.teams.types,
    });
    app.decorate('templates', { addTaskPart: taskParts.add, addProductPart: productParts.add });
    await app.register(templatesRoutes, {
      prefix: '/api',
      tasks: createTaskTemplatesService({
        db,
        repo,
        parts: taskParts,
        changes,
        activities,
        createTask: app.tasks.createWithin,
      }),
      products: createProductTemplatesService({
        db,
        repo,
        parts: productParts,
        changes,
        activities,
        createProduct: app.products.createWithin,
      }),
    });
  },
  {
    name: 'templates',
    dependencies: ['platform', 'activities', 'tasks', 'products', 'labels', 'checklists', 'teams'],
  },
);
