import { templateMessages } from '@shipyard/shared';
import type { z } from 'zod/mini';
import type { Db } from '../../db/client.ts';
import { BadRequest } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { AfterCommit } from '../../lib/write.ts';

// The parts of a template (docs/decisions/039-templates.md). A module that keeps something of a
// task or a product contributes a part at boot: its name, the schema its stored value must pass,
// how to read it from an existing task or product (save as template, duplicate) and how to write
// it to a new one, in the transaction that creates it.

/**
 * Who applies a template, to which product (the new task's, or the new product), in which
 * transaction, and what to publish once it commits.
 */
export type ApplyContext = { actor: SessionUser; after: AfterCommit; tx: Db; productId: string };

export type TemplatePart<T = unknown> = {
  /** The stored value's shape and caps; its first problem is the 400's message. */
  schema: z.ZodMiniType<T>;
  /** The value of an existing task's or product's (read in `tx`); undefined: nothing to keep. */
  capture?: (id: string, tx: Db) => Promise<T | undefined>;
  /** Writes the value to a new task or product (its id) in the create's transaction. */
  apply?: (id: string, value: T, ctx: ApplyContext) => Promise<void>;
  /** Whether a duplicate of a task copies this part (task parts; default true). */
  duplicates?: boolean;
  /** Applied after every other part (starter tasks, which may use the states or fields others made). */
  last?: boolean;
};

/**
 * A set of named parts. A part registered without `apply` (sub-tasks, before sub-tasks exist) is
 * kept with the templates and may later be registered again by the module that can write it.
 */
export function createPartRegistry(kind: 'task' | 'product') {
  const parts = new Map<string, TemplatePart>();

  return {
    add<T>(name: string, part: TemplatePart<T>) {
      const had = parts.get(name);
      if (had?.apply) throw new Error(`templates: the ${kind} part "${name}" is registered twice`);
      parts.set(name, part as TemplatePart);
    },

    names: () => [...parts.keys()],

    /** Checks every given part by its schema (400 with the field's own message); unknown: 400. */
    parse(given: Record<string, unknown>): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(given)) {
        const part = parts.get(name);
        if (!part) {
          const message = templateMessages.unknownPart(name);
          throw BadRequest(message, 'VALIDATION_ERROR', { fields: { [`parts.${name}`]: [message] } });
        }
        if (value === undefined || value === null) continue;
        const parsed = part.schema.safeParse(value);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'Invalid value';
          throw BadRequest(message, 'VALIDATION_ERROR', { fields: { [`parts.${name}`]: [message] } });
        }
        out[name] = parsed.data;
      }
      return out;
    },

    /** Every part's value of an existing task or product. */
    async capture(id: string, tx: Db, only?: (part: TemplatePart) => boolean) {
      const out: Record<string, unknown> = {};
      for (const [name, part] of parts) {
        if (!part.capture || (only && !only(part))) continue;
        const value = await part.capture(id, tx);
        if (value !== undefined) out[name] = value;
      }
      return out;
    },

    /**
     * Writes the stored parts to a new task or product, in registration order (`last` ones after).
     * A stored value a later release reads differently, or of a part no module writes now, is
     * skipped.
     */
    async apply(id: string, stored: Record<string, unknown>, ctx: ApplyContext, { check = true } = {}) {
      const ordered = [...parts].sort(([, a], [, b]) => Number(a.last ?? false) - Number(b.last ?? false));
      for (const [name, part] of ordered) {
        if (!part.apply || stored[name] === undefined) continue;
        // A duplicate's values were just read from a task (not checked: a checklist may be longer
        // than a template's).
        if (!check) {
          await part.apply(id, stored[name], ctx);
          continue;
        }
        const parsed = part.schema.safeParse(stored[name]);
        if (parsed.success) await part.apply(id, parsed.data, ctx);
      }
    },
  };
}

export type PartRegistry = ReturnType<typeof createPartRegistry>;

/** What `app.templates` offers other modules: their parts of task and product templates. */
export type TemplateParts = {
  /** A part of task templates (and of a task's duplicate); registered at boot. */
  addTaskPart: <T>(name: string, part: TemplatePart<T>) => void;
  /** A part of product templates; registered at boot. */
  addProductPart: <T>(name: string, part: TemplatePart<T>) => void;
};
