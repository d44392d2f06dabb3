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
