import fp from 'fastify-plugin';
import { createLabelsRepository, type LabelsRepository } from './labels.repository.ts';
import { labelsRoutes } from './labels.routes.ts';
import { createLabelsService } from './labels.service.ts';

/**
 * What the imports module writes through, inside its own transaction: the product's labels, new
 * labels, and labels put on new tasks. Permission checks are the caller's.
 */
export type LabelImporter = Pick<LabelsRepository, 'namesOfProduct' | 'insertMany' | 'attachMany'>;

/** What templates read (issue 29): a product's labels with their colours, a task's labels. */
export type LabelReader = Pick<LabelsRepository, 'ofProduct' | 'ofTask'>;

declare module 'fastify' {
  interface FastifyInstance {
    labels: { importer: LabelImporter; reader: LabelReader };
  }
}

/** Product labels and the labels of tasks (issue 15); a task's labels are a section of its page. */
export const labelsModule = fp(
  async (app) => {
    const labels = createLabelsRepository(app.db);
    const service = createLabelsService({
      db: app.db,
      labels,
      activities: app.activities,
      changes: app.changes,
    });
    const { namesOfProduct, insertMany, attachMany } = labels;
    app.tasks.addPageSection('labels', service.ofSeenTask);
    app.decorate('labels', {
      importer: { namesOfProduct, insertMany, attachMany },
      reader: { ofProduct: labels.ofProduct, ofTask: labels.ofTask },
    });
    app.tasks.onCopy(labels.copyToTask);
    await app.register(labelsRoutes, { prefix: '/api', service });
  },
  { name: 'labels', dependencies: ['platform', 'activities', 'tasks'] },
);
