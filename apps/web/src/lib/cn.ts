import { twMerge } from 'tailwind-merge';

type ClassDictionary = Record<string, unknown>;
export type ClassValue =
  | ClassValue[]
  | ClassDictionary
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined;

function toClassName(value: ClassValue): string {
  if (!value || value === true) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return join(value);
  return Object.keys(value)
    .filter((key) => value[key])
    .join(' ');
}

function join(values: ClassValue[]): string {
  let result = '';
  for (const value of values) {
    const className = toClassName(value);
    if (className) result = result ? `${result} ${className}` : className;
  }
  return result;
}

/**
 * Joins class names the way clsx does (strings, arrays, `{ name: condition }`, falsy values
 * skipped), then lets tailwind-merge resolve conflicts, so a caller's `className` overrides a
 * variant's (`p-2` then `p-4` gives `p-4`).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(join(inputs));
}
