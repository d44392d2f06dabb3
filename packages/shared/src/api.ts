import { z } from 'zod/mini';

/** Every error the API answers has this shape (ARCHITECTURE §3.3). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.optional(z.unknown()),
  requestId: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const updateMessages = { nothingToChange: 'Nothing to change: send at least one field.' } as const;

/**
 * A check for PATCH bodies: at least one field (besides `ignore`, e.g. the id) must be given, so
 * `{}` is a 400 rather than an empty UPDATE that the database refuses (issue 13).
 */
export const notEmptyUpdate = <T extends object>(ignore: readonly string[] = []) =>
  z.refine<T>((v) => Object.entries(v).some(([key, value]) => value !== undefined && !ignore.includes(key)), {
    error: updateMessages.nothingToChange,
  });
