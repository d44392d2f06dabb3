import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/http.ts';

// The task calls in the API document.
const { ctx } = useTestApp();

describe('OpenAPI', () => {
  it('documents every task call under the tasks tag', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, { tags: string[] }>>)
      .filter(([path]) => path.startsWith('/api/tasks'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => [`${m} ${path}`, op.tags]));
    expect(Object.fromEntries(operations)).toEqual({
      'get /api/tasks/all': ['tasks'],
      'get /api/tasks/by-key/{key}': ['tasks'],
      'get /api/tasks/export.csv': ['tasks'],
      'get /api/tasks/{productId}/tasks.csv': ['tasks'],
      'get /api/tasks/{productId}/tasks': ['tasks'],
      'get /api/tasks/{productId}/board': ['tasks'],
      'get /api/tasks/{productId}/options': ['tasks'],
      'get /api/tasks/{id}': ['tasks'],
      'get /api/tasks/{id}/detail': ['tasks'],
      'get /api/tasks/{id}/history': ['tasks'],
      'post /api/tasks': ['tasks'],
      'patch /api/tasks/{id}/update': ['tasks'],
      'put /api/tasks/{id}/update': ['tasks'],
      'patch /api/tasks/{id}/task/update': ['tasks'],
      'patch /api/tasks/bulk': ['tasks'],
      'patch /api/tasks/bulk/restore': ['tasks'],
      'patch /api/tasks/bulk/move': ['tasks'],
      'patch /api/tasks/bulk/move/restore': ['tasks'],
      'post /api/tasks/bulk/delete': ['tasks'],
      'delete /api/tasks/{id}': ['tasks'],
      // A task's conversation (modules/comments).
      'get /api/tasks/{id}/comments': ['comments'],
      'post /api/tasks/{id}/comments': ['comments'],
      'get /api/tasks/{id}/mentionable': ['comments'],
      'get /api/tasks/{id}/watchers': ['comments'],
      'put /api/tasks/{id}/watch': ['comments'],
      'delete /api/tasks/{id}/watch': ['comments'],
      // A task's details (issue 15) are documented with their own modules.
      'get /api/tasks/{id}/checklist': ['checklists'],
      'post /api/tasks/{id}/checklist': ['checklists'],
      'get /api/tasks/{id}/labels': ['labels'],
      'put /api/tasks/{id}/labels': ['labels'],
      'patch /api/tasks/bulk/labels': ['labels'],
      'patch /api/tasks/bulk/labels/restore': ['labels'],
      // Custom field values (issue 29, modules/fields).
      'put /api/tasks/{id}/fields': ['fields'],
      'get /api/tasks/{id}/files': ['documents'],
      'post /api/tasks/{id}/files': ['documents'],
      'delete /api/tasks/{id}/files/{fileId}': ['documents'],
      // Task import (issue 20, modules/imports).
      'post /api/tasks/{productId}/import/csv': ['imports'],
      'post /api/tasks/{productId}/import/trello': ['imports'],
      // Save as template, duplicate (issue 29, modules/templates).
      'post /api/tasks/{id}/task-template': ['templates'],
      'post /api/tasks/{id}/duplicate': ['templates'],
      // How a task repeats (issue 29, modules/recurrence).
      'get /api/tasks/{id}/recurrence': ['tasks'],
      'put /api/tasks/{id}/recurrence': ['tasks'],
      'delete /api/tasks/{id}/recurrence': ['tasks'],
      // Sub-tasks and relations (issue 29, modules/hierarchy).
      'get /api/tasks/{id}/subtasks': ['hierarchy'],
      'get /api/tasks/{id}/relations': ['hierarchy'],
      'post /api/tasks/{id}/relations': ['hierarchy'],
      'delete /api/tasks/{id}/relations/{relationId}': ['hierarchy'],
      // Time logged on a task and its timer (issue 31, modules/time).
      'get /api/tasks/{id}/time': ['time'],
      'post /api/tasks/{id}/time': ['time'],
      'post /api/tasks/{id}/timer': ['time'],
      // A task's move on its product's schedule (issue 31, modules/schedule).
      'patch /api/tasks/{id}/schedule': ['schedule'],
      // A task's cycle (issue 31, modules/cycles).
      'get /api/tasks/{id}/cycle': ['cycles'],
      'put /api/tasks/{id}/cycle': ['cycles'],
    });
  });
});
