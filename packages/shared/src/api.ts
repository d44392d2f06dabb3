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

/**
 * True when `value` serializes to at most `maxBytes` of UTF-8 JSON, nests at most `maxDepth`
 * objects or arrays deep and holds at most `maxKeys` keys and items in all. Walked without
 * recursion and stopped early, so an oversized value costs little to refuse.
 */
export function isBoundedJson(
  value: unknown,
  limits: { maxBytes: number; maxDepth: number; maxKeys: number },
): boolean {
  let keys = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object') continue;
    if (depth >= limits.maxDepth) return false;
    const children = Object.values(v);
    keys += children.length;
    if (keys > limits.maxKeys) return false;
    for (const child of children) stack.push([child, depth + 1]);
  }
  return utf8Length(JSON.stringify(value)) <= limits.maxBytes;
}

/** The UTF-8 byte length of a string (shared has no TextEncoder type: it runs on both sides). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
