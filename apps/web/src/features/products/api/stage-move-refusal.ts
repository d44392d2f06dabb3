import { createContext, useContext } from 'react';

/**
 * A move refused by a stage gate (issue 32, docs/decisions/059-stage-gates.md): the board and the
 * header's stage select hand it to whoever the page composed in (the gates feature's dialog), which
 * lists the unmet criteria and may retry the move with an override. No handler: a toast says why.
 */
export type StageMoveRefusal = {
  productId: string;
  message: string;
  /** The 409's `details` (`unmet`, `canOverride`), read by the handler. */
  details: unknown;
  retry: (override: { reason: string }) => Promise<unknown>;
};

export const StageMoveRefusalContext = createContext<((refusal: StageMoveRefusal) => void) | undefined>(
  undefined,
);

export const useStageMoveRefusal = () => useContext(StageMoveRefusalContext);
