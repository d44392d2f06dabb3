import { z } from 'zod/mini';
import { ROLES } from './permissions.ts';
import { PRODUCT_STATUSES, type ProductStatus } from './products.ts';
import { multiLine, singleLine } from './text.ts';

// Stage gates (issue 32, docs/decisions/059-stage-gates.md): the exit criteria a product must meet
// before it moves forward out of a stage. A workspace default per stage (admins edit it); a
// product may customise a stage (starting from a copy of the default) and reset it again.

export const GATE_CRITERION_KINDS = ['manual', 'field', 'phase_done', 'no_label', 'approval'] as const;
export type GateCriterionKind = (typeof GATE_CRITERION_KINDS)[number];

export const GATE_LABEL_MAX = 200;
export const GATE_CRITERIA_MAX = 20;
/** Named people (and roles) one approval criterion may list. */
export const GATE_APPROVERS_MAX = 20;
/** The name of a custom field or a label a criterion refers to (their own caps are lower). */
export const GATE_NAME_MAX = 100;
export const GATE_COMMENT_MAX = 1000;

export const gateMessages = {
  unmet: (stage: string, count: number) =>
    `The product cannot leave ${stage}: ${count} exit ${count === 1 ? 'criterion is' : 'criteria are'} not met`,
  overrideForbidden: 'Only an admin or the product’s creator may override a stage gate',
  guestCannotMove: 'Guests cannot move products',
  editForbidden: 'Only an admin or the product’s creator may change its exit criteria',
  workspaceForbidden: 'Only admins may change the workspace’s default exit criteria',
  criterionNotFound: 'This criterion is not an exit criterion of the product’s current stage',
  notManual: 'Only a manual item is confirmed by hand',
  notApproval: 'This criterion is not an approval',
  notApprover: 'Only an approver of this criterion may approve or reject it',
  labelRequired: 'Label is required',
  labelTooLong: `Label must be at most ${GATE_LABEL_MAX} characters`,
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${GATE_NAME_MAX} characters`,
  tooMany: `A stage has at most ${GATE_CRITERIA_MAX} exit criteria`,
  approversRequired: 'Name at least one person or role who approves',
  tooManyApprovers: `At most ${GATE_APPROVERS_MAX} approvers`,
  commentTooLong: `A comment must be at most ${GATE_COMMENT_MAX} characters`,
  duplicateId: 'Two criteria have the same id',
  stageInvalid: 'Unknown stage',
} as const;

const label = z
  .string(gateMessages.labelRequired)
  .check(
    z.trim(),
    z.minLength(1, gateMessages.labelRequired),
    z.maxLength(GATE_LABEL_MAX, gateMessages.labelTooLong),
    singleLine(),
  );
const name = z
  .string(gateMessages.nameRequired)
  .check(
    z.trim(),
    z.minLength(1, gateMessages.nameRequired),
    z.maxLength(GATE_NAME_MAX, gateMessages.nameTooLong),
    singleLine(),
  );
const id = z.uuid();

/** A criterion as stored and as sent: `id` is kept across edits (so confirmations stay), new ones get one. */
const criterionShapes = [
  z.object({ id: z.optional(id), kind: z.literal('manual'), label }),
  /** Every open task of the product has this custom field (by name, ignoring case) filled. */
  z.object({ id: z.optional(id), kind: z.literal('field'), label, field: name }),
  /** Every task of this phase is completed. */
  z.object({ id: z.optional(id), kind: z.literal('phase_done'), label, phase: z.enum(PRODUCT_STATUSES) }),
  /** No open task carries this label (by name, ignoring case). */
  z.object({ id: z.optional(id), kind: z.literal('no_label'), label, labelName: name }),
  /** Approved by one of the named people or of the people with the named roles. */
  z
    .object({
      id: z.optional(id),
      kind: z.literal('approval'),
      label,
      userIds: z._default(
        z.array(id).check(z.maxLength(GATE_APPROVERS_MAX, gateMessages.tooManyApprovers)),
        [],
      ),
      roles: z._default(
        z.array(z.enum(ROLES)).check(z.maxLength(ROLES.length, gateMessages.tooManyApprovers)),
        [],
      ),
    })
    .check(
      z.refine((v) => v.userIds.length + v.roles.length > 0, {
        error: gateMessages.approversRequired,
        path: ['userIds'],
      }),
    ),
] as const;

export const GateCriterionInputSchema = z.discriminatedUnion('kind', criterionShapes);
export type GateCriterionInput = z.infer<typeof GateCriterionInputSchema>;
/** A stored criterion: always with its id. */
export type GateCriterion = GateCriterionInput & { id: string };

/** A stage's exit criteria (PUT): at most GATE_CRITERIA_MAX, ids unique. */
export const GateCriteriaListSchema = z.array(GateCriterionInputSchema).check(
  z.maxLength(GATE_CRITERIA_MAX, gateMessages.tooMany),
  z.refine(
    (list) => {
      const ids = list.flatMap((c) => (c.id ? [c.id] : []));
      return new Set(ids).size === ids.length;
    },
    { error: gateMessages.duplicateId },
  ),
);
export const PutGateSchema = z.object({ criteria: GateCriteriaListSchema });
export type PutGate = z.infer<typeof PutGateSchema>;

/** A template's `gates` part: the product's own criteria by stage. */
export const GateTemplatePartSchema = z.partialRecord(z.enum(PRODUCT_STATUSES), GateCriteriaListSchema);
export type GateTemplatePart = z.infer<typeof GateTemplatePartSchema>;

export const GateStageParamsSchema = z.object({
  id: z.uuid('Product not found'),
  stage: z.enum(PRODUCT_STATUSES, gateMessages.stageInvalid),
});
export const WorkspaceGateParamsSchema = z.object({
  stage: z.enum(PRODUCT_STATUSES, gateMessages.stageInvalid),
});
export const GateCriterionParamsSchema = z.object({
  id: z.uuid('Product not found'),
  criterionId: z.uuid(gateMessages.criterionNotFound),
});

export const GATE_DECISIONS = ['approve', 'reject'] as const;
export const GateDecisionSchema = z.object({
  decision: z.enum(GATE_DECISIONS),
  comment: z.optional(
    z.string().check(z.trim(), z.maxLength(GATE_COMMENT_MAX, gateMessages.commentTooLong), multiLine()),
  ),
});
export type GateDecision = z.infer<typeof GateDecisionSchema>;

const PersonSchema = z.object({ id: z.string(), name: z.string() });

/** One unmet criterion, as a refused move lists it (409 GATE_UNMET `details.unmet`) and the activity keeps it. */
export const UnmetCriterionSchema = z.object({
  id: z.string(),
  kind: z.enum(GATE_CRITERION_KINDS),
  label: z.string(),
  stage: z.enum(PRODUCT_STATUSES),
});
export type UnmetCriterion = z.infer<typeof UnmetCriterionSchema>;

const StoredCriterionSchema = z.object({
  id: z.string(),
  kind: z.enum(GATE_CRITERION_KINDS),
  label: z.string(),
  field: z.optional(z.string()),
  phase: z.optional(z.enum(PRODUCT_STATUSES)),
  labelName: z.optional(z.string()),
  userIds: z.optional(z.array(z.string())),
  roles: z.optional(z.array(z.enum(ROLES))),
});

/** A criterion of the current stage with its state now. */
export const GateCriterionStateSchema = z.object({
  ...StoredCriterionSchema.shape,
  met: z.boolean(),
  /** Why it is not met, in a few words (the tasks still open, a missing field). */
  note: z.nullable(z.string()),
  confirmedBy: z.nullable(PersonSchema),
  confirmedAt: z.nullable(z.string()),
  /** Named approvers, with their names (approval). */
  approvers: z.array(PersonSchema),
  requestedBy: z.nullable(PersonSchema),
  requestedAt: z.nullable(z.string()),
  decisions: z.array(
    z.object({
      by: PersonSchema,
      decision: z.enum(['approved', 'rejected']),
      comment: z.nullable(z.string()),
      at: z.string(),
    }),
  ),
  /** Whether the caller may approve or reject it. */
  canDecide: z.boolean(),
});
export type GateCriterionState = z.infer<typeof GateCriterionStateSchema>;

export const GATE_SOURCES = ['product', 'workspace'] as const;
export const StageGateSchema = z.object({
  stage: z.enum(PRODUCT_STATUSES),
  /** Whose criteria apply: the product's own, or the workspace default. */
  source: z.enum(GATE_SOURCES),
  criteria: z.array(StoredCriterionSchema),
});
export type StageGate = z.infer<typeof StageGateSchema>;

/** GET /projects/{id}/gates. */
export const ProductGatesSchema = z.object({
  productId: z.string(),
  currentStage: z.enum(PRODUCT_STATUSES),
  /** The current stage's exit criteria and their state. */
  current: z.array(GateCriterionStateSchema),
  stages: z.array(StageGateSchema),
  /** May change the criteria and override a gate (an admin or the product's creator). */
  canEdit: z.boolean(),
  /** May confirm items and request approvals (anyone who sees it but a guest). */
  canAct: z.boolean(),
});
export type ProductGates = z.infer<typeof ProductGatesSchema>;

/** People an approval of this product may name: its creator, its teams' active members and the admins. */
export const GateCandidatesSchema = z.object({ data: z.array(PersonSchema) });
export type GateCandidates = z.infer<typeof GateCandidatesSchema>;

export const WorkspaceGatesSchema = z.object({ stages: z.array(StageGateSchema), canEdit: z.boolean() });
export type WorkspaceGates = z.infer<typeof WorkspaceGatesSchema>;

/** The stages a forward move from `from` to `to` leaves: `from` and every one it skips. */
export function stagesLeft(from: ProductStatus, to: ProductStatus): ProductStatus[] {
  const a = PRODUCT_STATUSES.indexOf(from);
  const b = PRODUCT_STATUSES.indexOf(to);
  return b > a ? PRODUCT_STATUSES.slice(a, b) : [];
}
