import { type Column, ilike, type SQL } from 'drizzle-orm';

/** The term with LIKE's wildcards escaped, so that '50%' and 'a_b' match themselves. */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/** A case-insensitive "contains" on a text column (backslash is PostgreSQL's default LIKE escape). */
export const containsInsensitive = (column: Column | SQL, term: string): SQL =>
  ilike(column, `%${escapeLike(term)}%`);
