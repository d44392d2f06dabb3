import {
  STARTER_TASKS_MAX,
  TemplateChecklistSchema,
  TemplateLabelNamesSchema,
  TemplateProductLabelsSchema,
  TemplateStarterTasksSchema,
  TemplateSubtasksSchema,
  TemplateTeamsSchema,
} from '@shipyard/shared';
import type { ChecklistImporter } from '../checklists/index.ts';
import { POSITION_STEP } from '../checklists/index.ts';
import type { LabelImporter, LabelReader } from '../labels/index.ts';
import type { TaskImporter } from '../tasks/index.ts';
import type { TeamTypes } from '../teams/index.ts';
import type { PartRegistry } from './templates.parts.ts';
import type { TemplatesRepository } from './templates.repository.ts';

// The parts that exist today (issue 29): a task's labels, checklist and sub-task titles; a
// product's labels, team types and starter tasks. Each goes through its module's entry point.

type Deps = {
  repo: TemplatesRepository;
  labels: { importer: LabelImporter; reader: LabelReader };
  checklists: ChecklistImporter;
  taskImporter: TaskImporter;
  teams: TeamTypes;
};

/** Checklist rows for a new task: titles in order, unticked. */
const checklistRows = (taskId: string, titles: readonly string[], createdBy: string) =>
  titles.map((title, i) => ({ taskId, title, position: (i + 1) * POSITION_STEP, createdBy }));

export function registerTaskParts(
  parts: PartRegistry,
  { labels, checklists }: Pick<Deps, 'labels' | 'checklists'>,
) {
  parts.add('labels', {
    schema: TemplateLabelNamesSchema,
    capture: async (taskId, tx) => {
      const names = (await labels.reader.ofTask(taskId, tx)).map((l) => l.name);
      return names.length > 0 ? names : undefined;
    },
    // By name, ignoring case: a label the product no longer has is left out.
    apply: async (taskId, names, { tx, productId }) => {
      const known = new Map(
        (await labels.importer.namesOfProduct(productId, tx)).map((l) => [l.name.toLowerCase(), l.id]),
      );
      const pairs = names
        .map((n) => known.get(n.toLowerCase()))
        .filter((id): id is string => id !== undefined)
        .map((labelId) => ({ taskId, labelId }));
      await labels.importer.attachMany(pairs, tx);
    },
  });
  parts.add('checklist', {
    schema: TemplateChecklistSchema,
    capture: async (taskId, tx) => {
      const titles = (await checklists.items(taskId, tx)).map((i) => i.title);
      return titles.length > 0 ? titles : undefined;
    },
    apply: (taskId, titles, { tx, actor }) =>
      checklists.insertMany(checklistRows(taskId, titles, actor.id), tx),
  });
  // Kept with the template; the sub-tasks module writes them once it registers this part again.
  parts.add('subtasks', { schema: TemplateSubtasksSchema, duplicates: false });
}

export function registerProductParts(
  parts: PartRegistry,
  { repo, labels, checklists, taskImporter, teams }: Deps,
) {
  parts.add('labels', {
    schema: TemplateProductLabelsSchema,
    capture: async (productId) => {
      const rows = await labels.reader.ofProduct(productId);
      return rows.length > 0 ? rows.map((l) => ({ name: l.name, color: l.color })) : undefined;
    },
    apply: async (productId, list, { tx }) => {
      await labels.importer.insertMany(
        list.map((l) => ({ productId, name: l.name, color: l.color })),
        tx,
      );
    },
  });
  parts.add('teams', {
    schema: TemplateTeamsSchema,
    capture: async (productId, tx) => {
      const list = await teams.ofProduct(productId, tx);
      return list.length > 0 ? list : undefined;
    },
    apply: (productId, list, { tx, after, actor }) => teams.createWithin(tx, after, actor, productId, list),
  });
  parts.add('tasks', {
    schema: TemplateStarterTasksSchema,
    capture: async (productId, tx) => {
      const list = await repo.starterTasks(productId, STARTER_TASKS_MAX, tx);
      return list.length > 0 ? list.map((t) => ({ ...t, checklist: t.checklist.slice(0, 50) })) : undefined;
    },
    // After the other parts: starter tasks may use what they made.
    last: true,
    apply: async (productId, list, { tx, after, actor }) => {
      const { rows, changes } = await taskImporter.insertMany(
        tx,
        actor,
        productId,
        list.map((t) => ({
          title: t.title,
          description: t.description,
          priority: t.priority,
          status: 'Pending',
          phase: null,
          teamId: null,
          assigneeId: null,
          dueDate: null,
        })),
        'template',
      );
      await checklists.insertMany(
        rows.flatMap((row, i) => checklistRows(row.id, list[i]?.checklist ?? [], actor.id)),
        tx,
      );
      after.publish(...changes);
    },
  });
}
