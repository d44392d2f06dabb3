import fp from 'fastify-plugin';
import { createFieldsRepository } from './fields.repository.ts';
import { fieldsRoutes } from './fields.routes.ts';
import { createFieldsService } from './fields.service.ts';
import { fieldsPart } from './fields.template.ts';
import { createFieldValueChecker } from './fields.values.ts';

/**
 * A product's custom fields and their values on tasks (issue 29, docs/decisions/037-custom-fields.md).
 * The values live on the task (`tasks.fields`): the tasks module reads and filters them, and checks
 * those of its creates and edits through the checker this module gives it.
 */
export const fieldsModule = fp(
  async (app) => {
    const fields = createFieldsRepository(app.db);
    const checkValues = createFieldValueChecker(fields);
    app.tasks.checkFieldValues(checkValues);
    const service = createFieldsService({
      db: app.db,
      fields,
      checkValues,
      activities: app.activities,
      changes: app.changes,
      outbox: app.outbox,
    });
    // Product templates carry the product's field definitions (decision 039).
    app.templates.addProductPart('fields', fieldsPart(fields));
    app.tasks.addPageSection('fields', (viewer, task) => service.list(viewer, task.productId));
    await app.register(fieldsRoutes, { prefix: '/api', service });
  },
  { name: 'fields', dependencies: ['platform', 'activities', 'services', 'tasks', 'templates'] },
);
