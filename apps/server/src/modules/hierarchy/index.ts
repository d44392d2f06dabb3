import fp from 'fastify-plugin';
import { createDuplicateCloser } from './duplicates.ts';
import { hierarchyRoutes } from './hierarchy.routes.ts';
import { createHierarchyService } from './hierarchy.service.ts';
import { createRelationsService } from './relations.service.ts';
import { subtasksPart } from './subtasks.template.ts';

/**
 * Sub-tasks, relations and estimates (issue 29, docs/decisions/038-hierarchy-relations-estimates.md).
 * A task's parent and estimate are fields of the task (modules/tasks checks them); relations are
 * rows of their own, removed with either task (ON DELETE CASCADE on purge).
 */
export const hierarchyModule = fp(
  async (app) => {
    const deps = { db: app.db, activities: app.activities, changes: app.changes };
    const relations = createRelationsService({ ...deps, outbox: app.outbox });
    const hierarchy = createHierarchyService(deps);
    // The task's page carries its sub-tasks and relations (one request for the page).
    app.tasks.addPageSection('subtasks', hierarchy.ofSeenTask);
    app.tasks.addPageSection('relations', relations.ofSeenTask);
    // An import's "duplicate of" closes the duplicate as POST /tasks/{id}/relations does (decision 048).
    app.tasks.closesDuplicates(createDuplicateCloser(app.activities));
    // A task template's sub-tasks are created with the task made from it (decision 039).
    app.templates.addTaskPart('subtasks', subtasksPart(app.tasks.createWithin));
    await app.register(hierarchyRoutes, { prefix: '/api', relations, hierarchy });
  },
  { name: 'hierarchy', dependencies: ['platform', 'activities', 'services', 'tasks', 'templates'] },
);
