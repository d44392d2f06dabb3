import { randomUUID } from 'node:crypto';
import { TemplateFieldsSchema } from '@shipyard/shared';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import type { FieldsRepository } from './fields.repository.ts';

// A product template's custom fields (issue 29, docs/decisions/039-templates.md): "save as
// template" keeps the product's field definitions, "new product from template" makes them again,
// in the create's transaction (before the starter tasks, which are applied last).

export function fieldsPart(fields: FieldsRepository) {
  return {
    schema: TemplateFieldsSchema,
    capture: async (productId: string, tx: Db) => {
      const rows = await fields.ofProduct(productId, tx);
      if (rows.length === 0) return undefined;
      return rows.map((f) => ({
        name: f.name,
        type: f.type,
        options: f.options,
        showOnCards: f.showOnCards,
      }));
    },
    apply: async (productId: string, list: z.output<typeof TemplateFieldsSchema>, { tx }: { tx: Db }) => {
      for (const [position, f] of list.entries()) {
        await fields.insert(
          {
            productId,
            name: f.name,
            type: f.type,
            // The template's option ids, so that a value naming one still means it.
            options: f.options.map((o) => ({
              id: o.id ?? randomUUID().slice(0, 8),
              name: o.name,
              color: o.color,
            })),
            showOnCards: f.showOnCards,
            position,
          },
          tx,
        );
      }
    },
  };
}
