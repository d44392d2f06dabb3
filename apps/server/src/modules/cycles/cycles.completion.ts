import type { Db } from '../../db/client.ts';
import type { CycleRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Change } from '../../lib/realtime/changes.ts';
import type { CyclesRepository } from './cycles.repository.ts';

// Completing a cycle (docs/decisions/058-cycles.md): by hand ("Complete cycle") or by the roll-over
// job once its last day is over in its zone. Its unfinished tasks move to the product's next cycle
// that is not completed, when the product rolls work over (the default) and there is one; each move
// is a scope event on both cycles, stamped with the completion's own instant (the chart reads a
// completed cycle as it stood just before). The caller holds the cycle row (FOR UPDATE) and has
// checked that it was not completed: a second process finds it completed and does nothing.

/** The recurring job that completes ended cycles. */
export const CYCLE_ROLLOVER_JOB = 'cycles.rollover';
/** Every 15 minutes: a cycle ends at midnight in its own zone, whichever zone that is. */
export const CYCLE_ROLLOVER_SCHEDULE = [{ match: '*/15 * * * *', task: CYCLE_ROLLOVER_JOB }];

type Completed = { moved: number; movedTo: { id: string; name: string } | null; changes: Change[] };

export function createCycleCompletion({ cycles, clock }: { cycles: CyclesRepository; clock: Clock }) {
  return {
    async complete(tx: Db, cycle: CycleRow, actorId: string | null): Promise<Completed> {
      const at = clock.now();
      const changes: Change[] = [{ kind: 'cycle', op: 'updated', id: cycle.id, productId: cycle.productId }];
      let moved = 0;
      let movedTo: Completed['movedTo'] = null;
      if (await cycles.rollOverOf(cycle.productId, tx)) {
        const next = await cycles.nextOf(cycle, tx);
        const unfinished = next ? await cycles.unfinishedOf(cycle.id, tx) : [];
        if (next && unfinished.length > 0) {
          await cycles.move(unfinished, next.id, { at, actorId, reason: 'rollover' }, tx);
          moved = unfinished.length;
          movedTo = next;
          changes.push({ kind: 'cycle', op: 'updated', id: next.id, productId: cycle.productId });
        }
      }
      await cycles.update(cycle.id, { completedAt: at }, tx);
      return { moved, movedTo, changes };
    },
  };
}
