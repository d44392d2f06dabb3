import { z } from 'zod/mini';

// Task keys (issue 28, docs/decisions/032-task-keys.md): each product has a short key and each
// task a number in it, `ATL-12`. The server derives a new product's key from its name (migration
// 0023); whoever manages the product may change it.

/** 2–6 of A–Z and 0–9, starting with a letter. */
export const PRODUCT_KEY_PATTERN = /^[A-Z][A-Z0-9]{1,5}$/;
/** A task's key as typed in a URL or a search: any casing, `atl-12`. */
const TASK_KEY_PATTERN = /^([A-Za-z][A-Za-z0-9]{1,5})-([1-9][0-9]{0,8})$/;

export const taskKeyMessages = {
  productKeyFormat: 'Key must be 2–6 letters or digits, starting with a letter',
  productKeyTaken: (key: string) => `The key ${key} is already used by another product`,
  taskNotFound: 'Task not found',
  linkCopied: 'Link copied',
  branchCopied: 'Branch name copied',
  keyCopied: 'Key copied',
  copyFailed: 'Could not copy to the clipboard',
} as const;

/** A product's key in a form or a body: trimmed and upper-cased before it is checked. */
export const ProductKeySchema = z.pipe(
  z.transform((v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v)),
  z
    .string(taskKeyMessages.productKeyFormat)
    .check(z.regex(PRODUCT_KEY_PATTERN, taskKeyMessages.productKeyFormat)),
);

/** `atl-12` → `ATL-12`; undefined when it is not a task key (a task's id, a word). */
export function normaliseTaskKey(value: string): string | undefined {
  const match = TASK_KEY_PATTERN.exec(value.trim());
  return match ? `${match[1]?.toUpperCase()}-${match[2]}` : undefined;
}

/** GET /api/tasks/by-key/{key}. */
export const TaskKeyParamsSchema = z.object({
  key: z.string(taskKeyMessages.taskNotFound).check(z.maxLength(20, taskKeyMessages.taskNotFound)),
});

const BRANCH_MAX = 60;

/**
 * A git branch name for a task: its key and title, lower case, words joined by '-', at most 60
 * characters and cut at a word: `atl-12-fix-double-charge`.
 */
export function branchName(key: string, title: string): string {
  const prefix = key.toLowerCase();
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let name = prefix;
  for (const word of words) {
    const next = `${name}-${word}`;
    if (next.length > BRANCH_MAX) {
      if (name === prefix) name = next.slice(0, BRANCH_MAX).replace(/-+$/, '');
      break;
    }
    name = next;
  }
  return name;
}
