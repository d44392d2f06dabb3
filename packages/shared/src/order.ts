import { z } from 'zod/mini';

// Manual order (issue 28, docs/decisions/033-manual-order.md): a card keeps the place it was
// dropped in. A move names the cards it landed between; the server computes the card's rank.

export const orderMessages = {
  neighbourNotInColumn: 'The card it was dropped next to is not in that column.',
  neighbourIsItself: 'A card cannot be dropped next to itself.',
} as const;

/**
 * Where a card was dropped in its (new) column: after `afterId` (the card above it) and before
 * `beforeId` (the card below it). Either may be left out (the top or the bottom of a column);
 * neither: on top. When both are given, `afterId` decides (the card goes right below it).
 */
export const placementFields = {
  afterId: z.optional(z.uuid(orderMessages.neighbourNotInColumn)),
  beforeId: z.optional(z.uuid(orderMessages.neighbourNotInColumn)),
};
export type Placement = { afterId?: string | undefined; beforeId?: string | undefined };
