import { z } from 'zod/mini';
import { multiLine } from './text.ts';

/** A stage-gate override's reason (issue 32, docs/decisions/059-stage-gates.md). */
export const STAGE_OVERRIDE_REASON_MAX = 500;
/**
 * A forward move past unmet exit criteria (issue 32): only the product's editors may send it, and
 * it needs a reason, recorded in the product's activity and the audit log.
 */
export const StageOverrideSchema = z.object({
  reason: z
    .string('A reason is required to override the stage gate')
    .check(
      z.trim(),
      z.minLength(1, 'A reason is required to override the stage gate'),
      z.maxLength(
        STAGE_OVERRIDE_REASON_MAX,
        `A reason must be at most ${STAGE_OVERRIDE_REASON_MAX} characters`,
      ),
      multiLine(),
    ),
});
export type StageOverride = z.infer<typeof StageOverrideSchema>;
