import { z } from 'zod';

/** Every error the API answers has this shape (ARCHITECTURE §3.3). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
  requestId: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
