import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { CHECKLIST_TITLE_MAX } from './checklists.ts';
import { LABEL_NAME_MAX, LABELS_PER_PRODUCT_MAX, LABELS_PER_TASK_MAX } from './labels.ts';
import { TEAM_TYPES } from './product-filters.ts';
import { CreateTaskSchema, TASK_PRIORITIES } from './tasks.ts';
import { multiLine, singleLine } from './text.ts';

// Templates (issue 29, docs/decisions/039-templates.md). A task template is a product's: a name,
// the fields the create dialog fills (title, description, priority, team, a due date so many days
// ahead) and its parts (labels, checklist, sub-task titles, and what other modules contribute). A
// product template is the workspace's: a product's parts (labels, team types, starter tasks, …).
// Parts are named JSON values, each checked by the module that contributes it.

export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_DESCRIPTION_MAX = 500;
/** Task templates one product may keep. */
export const TASK_TEMPLATES_PER_PRODUCT_MAX = 50;
/** Checklist items (and sub-task titles) one task template holds. */
export const TEMPLATE_CHECKLIST_MAX = 50;
export const TEMPLATE_SUBTASKS_MAX = 50;

/** POST /api/tasks/{id}/duplicate: `withSubtasks` copies the task's whole sub-tree too (issue 29). */
export const DuplicateTaskBodySchema = z.object({ withSubtasks: z.optional(z.boolean()) });
export type DuplicateTaskBody = z.infer<typeof DuplicateTaskBodySchema>;
/** A task template's stored size, as JSON. */
export const TASK_TEMPLATE_MAX_BYTES = 64 * 1024;
/** Product templates in the workspace. */
export const PRODUCT_TEMPLATES_MAX = 100;
/** Starter tasks one product template holds. */
export const STARTER_TASKS_MAX = 200;
/** Teams one product template holds. */
export const TEMPLATE_TEAMS_MAX = 50;
/** A product template's stored size, as JSON. */
export const PRODUCT_TEMPLATE_MAX_BYTES = 256 * 1024;
/** The most days ahead a task template may set the due date. */
export const TEMPLATE_DUE_DAYS_MAX = 3650;

export const templateMessages = {
  nameRequired: 'Name the template.',
  nameTooLong: `A template name must be at most ${TEMPLATE_NAME_MAX} characters.`,
  descriptionTooLong: `A template description must be at most ${TEMPLATE_DESCRIPTION_MAX} characters.`,
  notFound: 'Template not found',
  tooManyTaskTemplates: `A product may have at most ${TASK_TEMPLATES_PER_PRODUCT_MAX} task templates.`,
  tooManyProductTemplates: `The workspace may have at most ${PRODUCT_TEMPLATES_MAX} product templates.`,
  tooManyChecklist: `A template holds at most ${TEMPLATE_CHECKLIST_MAX} checklist items.`,
  tooManySubtasks: `A template holds at most ${TEMPLATE_SUBTASKS_MAX} sub-tasks.`,
  tooManyLabels: `A template holds at most ${LABELS_PER_TASK_MAX} labels.`,
  tooManyProductLabels: `A template holds at most ${LABELS_PER_PRODUCT_MAX} labels.`,
  tooManyStarterTasks: `A template holds at most ${STARTER_TASKS_MAX} starter tasks.`,
  tooManyTeams: `A template holds at most ${TEMPLATE_TEAMS_MAX} teams.`,
  taskTooLarge: `A task template must be at most ${TASK_TEMPLATE_MAX_BYTES / 1024} kB.`,
  productTooLarge: `A product template must be at most ${PRODUCT_TEMPLATE_MAX_BYTES / 1024} kB.`,
  dueDays: `Due in must be a whole number of days from 0 to ${TEMPLATE_DUE_DAYS_MAX}.`,
  unknownPart: (name: string) => `Templates have no part called "${name}".`,
  teamNotInProduct: 'Choose a team of this product.',
  manageForbidden: 'Only the product’s creator or an admin can manage its templates.',
  deleteForbidden: 'Only the template’s creator or an admin can delete it.',
  readOnly: 'Guests can see templates but not use them.',
  itemRequired: 'Checklist items cannot be empty.',
  created: 'Template saved',
  updated: 'Template updated',
  deleted: 'Template deleted',
  saveFailed: 'Failed to save the template',
  deleteFailed: 'Failed to delete the template',
  duplicated: 'Task duplicated',
  duplicateFailed: 'Failed to duplicate the task',
  deleteConfirm: (name: string) => `Delete the template "${name}"?`,
} as const;

const name = z
  .string(templateMessages.nameRequired)
  .check(
    z.trim(),
    z.minLength(1, templateMessages.nameRequired),
    z.maxLength(TEMPLATE_NAME_MAX, templateMessages.nameTooLong),
    singleLine(),
  );
const templateTitle = z.string().check(z.trim(), z.maxLength(200), singleLine());
const description = z.string().check(z.trim(), z.maxLength(5000), multiLine());
const priority = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z.enum(TASK_PRIORITIES),
);
const line = (max: number) =>
  z
    .string(templateMessages.itemRequired)
    .check(
      z.trim(),
      z.minLength(1, templateMessages.itemRequired),
      z.maxLength(max, `An item must be at most ${max} characters.`),
      singleLine(),
    );

// ---- The parts this module registers (other modules register theirs with their own schemas) ----

/** A task template's labels, by name (matched to the product's labels, ignoring case). */
export const TemplateLabelNamesSchema = z
  .array(line(LABEL_NAME_MAX))
  .check(z.maxLength(LABELS_PER_TASK_MAX, templateMessages.tooManyLabels));
/** A task template's checklist items, in order; a task made from it gets them unticked. */
export const TemplateChecklistSchema = z
  .array(line(CHECKLIST_TITLE_MAX))
  .check(z.maxLength(TEMPLATE_CHECKLIST_MAX, templateMessages.tooManyChecklist));
/** Sub-task titles: kept with the template, created as sub-tasks where sub-tasks exist. */
export const TemplateSubtasksSchema = z
  .array(line(200))
  .check(z.maxLength(TEMPLATE_SUBTASKS_MAX, templateMessages.tooManySubtasks));

/** A product template's labels. */
export const TemplateProductLabelsSchema = z
  .array(
    z.object({
      name: line(LABEL_NAME_MAX),
      color: z.string().check(z.regex(/^#[0-9a-f]{6}$/, 'Choose a colour as #rrggbb.')),
    }),
  )
  .check(z.maxLength(LABELS_PER_PRODUCT_MAX, templateMessages.tooManyProductLabels));
/** A product template's teams: their names, descriptions and types, without members. */
export const TemplateTeamsSchema = z
  .array(
    z.object({
      name: z.string().check(z.trim(), z.minLength(2), z.maxLength(100), singleLine()),
      description: z._default(z.string().check(z.trim(), z.maxLength(1000), multiLine()), ''),
      teamType: z.enum(TEAM_TYPES),
    }),
  )
  .check(z.maxLength(TEMPLATE_TEAMS_MAX, templateMessages.tooManyTeams));
/** A product template's starter tasks. */
export const TemplateStarterTasksSchema = z
  .array(
    z.object({
      title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200), singleLine()),
      description: z._default(description, ''),
      priority: z._default(priority, 'medium'),
      checklist: z._default(TemplateChecklistSchema, []),
    }),
  )
  .check(z.maxLength(STARTER_TASKS_MAX, templateMessages.tooManyStarterTasks));

/** Named parts; each is checked by the part registered under its name (400 for an unknown one). */
const PartsSchema = z.record(z.string().check(z.maxLength(50)), z.unknown());

// ---- Task templates ----

const taskTemplateFields = {
  name,
  title: z._default(templateTitle, ''),
  description: z._default(description, ''),
  priority: z._default(priority, 'medium'),
  teamId: z._default(z.nullable(z.uuid(templateMessages.teamNotInProduct)), null),
  dueInDays: z._default(
    z.nullable(
      z
        .int(templateMessages.dueDays)
        .check(
          z.minimum(0, templateMessages.dueDays),
          z.maximum(TEMPLATE_DUE_DAYS_MAX, templateMessages.dueDays),
        ),
    ),
    null,
  ),
  parts: z._default(PartsSchema, {}),
};

/** POST /api/projects/{id}/task-templates. */
export const CreateTaskTemplateSchema = z.object(taskTemplateFields);
export type CreateTaskTemplate = z.infer<typeof CreateTaskTemplateSchema>;
export type CreateTaskTemplateInput = z.input<typeof CreateTaskTemplateSchema>;

/** PATCH /api/task-templates/{id}: any of the fields; `parts` replaces the parts it names. */
export const UpdateTaskTemplateSchema = z
  .partial(
    z.object({
      name,
      title: templateTitle,
      description,
      priority,
      teamId: z.nullable(z.uuid(templateMessages.teamNotInProduct)),
      dueInDays: taskTemplateFields.dueInDays,
      parts: PartsSchema,
    }),
  )
  .check(notEmptyUpdate());
export type UpdateTaskTemplate = z.infer<typeof UpdateTaskTemplateSchema>;

/** POST /api/tasks/{id}/task-template: save this task as a template. */
export const SaveTaskAsTemplateSchema = z.object({ name });
export type SaveTaskAsTemplate = z.infer<typeof SaveTaskAsTemplateSchema>;

export const TaskTemplateSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  teamId: z.nullable(z.string()),
  dueInDays: z.nullable(z.number()),
  parts: z.record(z.string(), z.unknown()),
  createdBy: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskTemplate = z.infer<typeof TaskTemplateSchema>;

export const TaskTemplateListSchema = z.object({
  data: z.array(TaskTemplateSchema),
  /** Whether the caller manages the product's templates (the Settings tab's card). */
  canManage: z.boolean(),
});
export type TaskTemplateList = z.infer<typeof TaskTemplateListSchema>;

/**
 * POST /api/task-templates/{id}/tasks: the create dialog's fields (which the template filled; the
 * product is the template's) and, optionally, parts that replace the template's (the labels the
 * dialog shows, by name).
 */
export const UseTaskTemplateSchema = z.extend(z.omit(CreateTaskSchema, { projectId: true }), {
  parts: z.optional(PartsSchema),
});
export type UseTaskTemplate = z.infer<typeof UseTaskTemplateSchema>;
export type UseTaskTemplateInput = z.input<typeof UseTaskTemplateSchema>;

export const TemplateIdParamsSchema = z.object({ id: z.uuid(templateMessages.notFound) });

// ---- Product templates ----

/** POST /api/projects/{id}/product-template: save this product's set-up as a template. */
export const SaveProductAsTemplateSchema = z.object({
  name,
  description: z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(TEMPLATE_DESCRIPTION_MAX, templateMessages.descriptionTooLong),
        multiLine(),
      ),
    '',
  ),
});
export type SaveProductAsTemplate = z.infer<typeof SaveProductAsTemplateSchema>;
export type SaveProductAsTemplateInput = z.input<typeof SaveProductAsTemplateSchema>;

export const ProductTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Each part's name and how many things it holds (labels, teams, tasks, …). */
  summary: z.record(z.string(), z.number()),
  parts: z.record(z.string(), z.unknown()),
  createdBy: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** Its creator and admins delete it. */
  canDelete: z.boolean(),
  createdAt: z.string(),
});
export type ProductTemplate = z.infer<typeof ProductTemplateSchema>;

export const ProductTemplateListSchema = z.object({ data: z.array(ProductTemplateSchema) });
export type ProductTemplateList = z.infer<typeof ProductTemplateListSchema>;

/** How many things a part's stored value holds (a list's length; otherwise 1). */
export const partSize = (value: unknown): number => (Array.isArray(value) ? value.length : value ? 1 : 0);

/** The date `days` ahead of `today` (YYYY-MM-DD), for a template's due offset. */
export function dueDateIn(days: number, today = new Date()): string {
  const d = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate() + days));
  return d.toISOString().slice(0, 10);
}
