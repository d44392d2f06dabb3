import { DEFAULT_STATES, TemplateStatesSchema } from '@shipyard/shared';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { WorkflowRepository } from './workflow.repository.ts';

// A product template's workflow states (issue 29, docs/decisions/039-templates.md): "save as
// template" keeps the product's states (name, colour, category, board order), "new product from
// template" gives the new product those instead of the three it starts with, before the starter
// tasks are applied (last), so they land in the first state of their status.

export function statesPart(states: WorkflowRepository) {
  return {
    schema: TemplateStatesSchema,
    /** The product's states; none when they are the three every product starts with. */
    capture: async (productId: string, tx: Db) => {
      const list = (await states.ofProduct(productId, tx)).map((s) => ({
        name: s.name,
        color: s.color,
        category: s.category,
      }));
      const asDefault =
        list.length === DEFAULT_STATES.length &&
        list.every((s, i) => {
          const d = DEFAULT_STATES[i];
          return s.name === d?.name && s.color === d.color && s.category === d.category;
        });
      return asDefault ? undefined : list;
    },
    apply: (productId: string, list: z.output<typeof TemplateStatesSchema>, { tx }: { tx: Db }) =>
      states.replaceAll(productId, list, tx),
  };
}
