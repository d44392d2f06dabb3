// Business constants (product-spec §9) and the runtime contract's fixed names (ARCHITECTURE §4).

export const SESSION_COOKIE = 'sec-prd-token';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const PASSWORD_MIN_LOGIN = 6;
export const PASSWORD_MIN_RESET = 8;
export const NAME_MIN = 2;

export const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const TEMP_TOKEN_TTL_MS = 15 * 60 * 1000;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

export const DEPARTMENTS = [
  'engineering',
  'product',
  'design',
  'data',
  'marketing',
  'sales',
  'hr',
  'other',
] as const;
export type Department = (typeof DEPARTMENTS)[number];
