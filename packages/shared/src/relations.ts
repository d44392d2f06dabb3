import { z } from 'zod/mini';
import { TASK_STATUSES, taskMessages } from './tasks.ts';

// How two tasks relate (issue 29, docs/decisions/038-hierarchy-relations-estimates.md): stored once
// per pair, read from either side.

/** A relation as one of its tasks sees it. */
export const RELATION_TYPES = ['blocks', 'blocked_by', 'relates_to', 'duplicate_of', 'duplicates'] as const;
export type RelationType = (typeof RELATION_TYPES)[number];

export const RELATION_LABELS: Record<RelationType, string> = {
  blocks: 'Blocks',
  blocked_by: 'Blocked by',
  relates_to: 'Relates to',
  duplicate_of: 'Duplicate of',
  duplicates: 'Duplicated by',
};

/** Relations one task may have. */
export const RELATIONS_PER_TASK_MAX = 100;

export const relationMessages = {
  typeUnknown: 'Relation must be blocks, blocked_by, relates_to, duplicate_of or duplicates.',
  taskNotFound: 'The other task was not found.',
  self: 'A task cannot relate to itself.',
  exists: 'These tasks are already related.',
  tooMany: `A task has at most ${RELATIONS_PER_TASK_MAX} relations.`,
  notFound: 'Relation not found',
  readOnly: 'Guests can see relations but not change them.',
  addFailed: 'Failed to add the relation',
  removeFailed: 'Failed to remove the relation',
  blockedTitle: 'This task is blocked',
  blockedBy: (keys: string[]) =>
    keys.length > 0 ? `Blocked by ${keys.join(', ')}` : 'Blocked by a task in another product',
  blockedConfirm: (keys: string[]) =>
    `It is still blocked by ${keys.length > 0 ? keys.join(', ') : 'an open task'}. Change its status anyway?`,
  continueAnyway: 'Continue anyway',
  duplicateClosed: (key: string) => `Closed as a duplicate of ${key}`,
} as const;

export const CreateRelationSchema = z.object({
  type: z.enum(RELATION_TYPES, relationMessages.typeUnknown),
  taskId: z.uuid(relationMessages.taskNotFound),
});
export type CreateRelation = z.infer<typeof CreateRelationSchema>;

export const RelationParamsSchema = z.object({
  id: z.uuid(taskMessages.notFound),
  relationId: z.uuid(relationMessages.notFound),
});

/** The other task of a relation, as far as the viewer may see it. */
export const RelatedTaskSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  projectId: z.string(),
});

export const RelationSchema = z.object({
  id: z.string(),
  type: z.enum(RELATION_TYPES),
  task: RelatedTaskSchema,
});
export type Relation = z.infer<typeof RelationSchema>;

export const RelationListSchema = z.object({ data: z.array(RelationSchema) });
export type RelationList = z.infer<typeof RelationListSchema>;

/** A task's sub-tasks on its page, and its parent (breadcrumb). */
export const SubtaskSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  assignee: z.nullable(z.object({ id: z.string(), name: z.string(), avatar_url: z.nullable(z.string()) })),
});
export type Subtask = z.infer<typeof SubtaskSchema>;

export const SubtaskListSchema = z.object({
  /** Its ancestors, the root first (the breadcrumb). */
  parents: z.array(RelatedTaskSchema),
  data: z.array(SubtaskSchema),
});
export type SubtaskList = z.infer<typeof SubtaskListSchema>;
