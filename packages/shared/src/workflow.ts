import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { LABEL_COLORS } from './labels.ts';
import { productMessages } from './products.ts';
import { TASK_STATUSES, type TaskStatus } from './tasks.ts';
import { singleLine } from './text.ts';

// Workflow states per product (issue 29, docs/decisions/036-workflow-states.md): an ordered list
// of states (Backlog, Todo, In progress, In review, Done…), each in one of the spec's three
// statuses, its category. `status` stays what the API reads and writes and what reports count;
// a task's state refines it, and the database keeps the two consistent (a trigger).

export const STATE_NAME_MAX = 40;
/** States one product may have. */
export const STATES_PER_PRODUCT_MAX = 20;
/** The colours a state may take: the labels' palette. */
export const STATE_COLORS = LABEL_COLORS;

/** The three states every product starts with, one per category, and their colours. */
export const DEFAULT_STATES = [
  { name: 'Pending', category: 'Pending', color: '#64748b' },
  { name: 'In Progress', category: 'In Progress', color: '#3b82f6' },
  { name: 'Completed', category: 'Completed', color: '#22c55e' },
] as const satisfies ReadonlyArray<{ name: string; category: TaskStatus; color: string }>;

export const stateMessages = {
  nameRequired: 'Name the state.',
  nameTooLong: `A state name must be at most ${STATE_NAME_MAX} characters.`,
  colorInvalid: 'Choose one of the offered colours.',
  categoryUnknown: 'A state is Pending, In Progress or Completed.',
  duplicate: 'This product already has a state with that name.',
  tooMany: `A product may have at most ${STATES_PER_PRODUCT_MAX} states.`,
  lastOfCategory: 'Each of Pending, In Progress and Completed keeps at least one state.',
  moveToRequired: 'Choose the state its tasks move to.',
  moveToInvalid: 'Its tasks must move to another state of the same product.',
  orderIncomplete: 'List every state of the product once.',
  notFound: 'State not found',
  manageForbidden: 'Only the product’s creator or an admin can change its workflow.',
  created: 'State added',
  updated: 'State updated',
  deleted: 'State deleted',
  saveFailed: 'Failed to save the state',
  deleteFailed: 'Failed to delete the state',
} as const;

const name = z
  .string(stateMessages.nameRequired)
  .check(
    z.trim(),
    z.minLength(1, stateMessages.nameRequired),
    z.maxLength(STATE_NAME_MAX, stateMessages.nameTooLong),
    singleLine(),
  );
const color = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
  z
    .string(stateMessages.colorInvalid)
    .check(z.refine((v) => (STATE_COLORS as readonly string[]).includes(v), stateMessages.colorInvalid)),
);

/** POST /api/projects/{id}/states: a new state at the end of its category. */
export const CreateStateSchema = z.object({
  name,
  color,
  category: z.enum(TASK_STATUSES, stateMessages.categoryUnknown),
});
export type CreateState = z.infer<typeof CreateStateSchema>;

/**
 * A product template's states (issue 29, decision 039), in board order: a product's whole workflow,
 * so each category keeps a state and names are unique (ignoring case).
 */
export const TemplateStatesSchema = z.array(CreateStateSchema).check(
  z.maxLength(STATES_PER_PRODUCT_MAX, stateMessages.tooMany),
  z.refine(
    (list) => TASK_STATUSES.every((c) => list.some((s) => s.category === c)),
    stateMessages.lastOfCategory,
  ),
  z.refine(
    (list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length,
    stateMessages.duplicate,
  ),
);

/** PATCH /api/states/{id}: rename or recolour. */
export const UpdateStateSchema = z
  .object({ name: z.optional(name), color: z.optional(color) })
  .check(notEmptyUpdate());
export type UpdateState = z.infer<typeof UpdateStateSchema>;

/** PUT /api/projects/{id}/states/order: every state of the product, in its new order. */
export const StateOrderSchema = z.object({
  stateIds: z
    .array(z.uuid(stateMessages.orderIncomplete))
    .check(z.maxLength(STATES_PER_PRODUCT_MAX, stateMessages.orderIncomplete)),
});
export type StateOrder = z.infer<typeof StateOrderSchema>;

/** DELETE /api/states/{id}?moveTo=…: where its tasks go. */
export const DeleteStateQuerySchema = z.object({
  moveTo: z.uuid(stateMessages.moveToRequired),
});

export const StateIdParamsSchema = z.object({ id: z.uuid(stateMessages.notFound) });
export const StateProductParamsSchema = z.object({ id: z.uuid(productMessages.notFound) });

/** A state as a board column or a task shows it. */
export const StateRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  category: z.enum(TASK_STATUSES),
});
export type StateRef = z.infer<typeof StateRefSchema>;

export const WorkflowStateSchema = z.extend(StateRefSchema, {
  productId: z.string(),
  /** Its place among the product's states (board columns: by category, then by it). */
  position: z.number(),
  /** How many live tasks are in it. */
  tasks: z.number(),
});
export type WorkflowState = z.infer<typeof WorkflowStateSchema>;

/** A product's states in board order, and whether the caller may change them. */
export const WorkflowStateListSchema = z.object({
  data: z.array(WorkflowStateSchema),
  canManage: z.boolean(),
});
export type WorkflowStateList = z.infer<typeof WorkflowStateListSchema>;

const categoryOrder = new Map<TaskStatus, number>(TASK_STATUSES.map((s, i) => [s, i]));

/** Board order: Pending's states, then In Progress's, then Completed's, each by position. */
export function byBoardOrder<T extends { category: TaskStatus; position: number }>(a: T, b: T): number {
  return (
    (categoryOrder.get(a.category) ?? 0) - (categoryOrder.get(b.category) ?? 0) || a.position - b.position
  );
}
