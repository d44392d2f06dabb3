export type ClassValue = string | false | null | undefined;

/**
 * Joins the truthy class names. It does not resolve Tailwind conflicts (`p-2` + `p-4`): a caller's
 * `className` adds classes, it cannot reliably override a variant's.
 */
export function cn(...classes: ClassValue[]): string {
  return classes.filter(Boolean).join(' ');
}
