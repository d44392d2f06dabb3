import { hasForbiddenCharacters, textMessages } from '@shipyard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequest } from './errors.ts';

/** Deeper than any body a route accepts; past it the request is refused rather than walked. */
const MAX_DEPTH = 64;

/**
 * The dotted path of the first string (value or key) that no field may hold — a NUL byte or a
 * lone surrogate, which PostgreSQL refuses with a 500 — or undefined when there is none.
 */
function findForbiddenText(value: unknown): string | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; path: string[] };
    const v = item.value;
    if (typeof v === 'string') {
      if (hasForbiddenCharacters(v)) return item.path.join('.') || '_';
      continue;
    }
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (item.path.length >= MAX_DEPTH) return item.path.join('.');
    for (const [key, child] of Object.entries(v)) {
      const path = [...item.path, key];
      if (hasForbiddenCharacters(key)) return path.join('.');
      stack.push({ value: child, path });
    }
  }
  return undefined;
}

/**
 * Every route, present or future: a request whose body, query or path parameters hold such a
 * string is a 400 in the app's error shape before any schema or query sees it (issue 13 #13).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req: FastifyRequest) => {
    for (const value of [req.params, req.query, req.body]) {
      const field = findForbiddenText(value);
      if (field !== undefined) {
        throw BadRequest(textMessages.invalidCharacters, 'INVALID_CHARACTERS', {
          fields: { [field]: [textMessages.invalidCharacters] },
        });
      }
    }
  });
}
