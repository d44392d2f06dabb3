import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';

// Rows of raw SQL (a RETURNING of `sql`…``, lib/write.ts writeAtOnce) as Drizzle's queries answer
// them: the driver hands over timestamps and dates as text (Drizzle's node-postgres type parsers),
// and each column decodes its own (a timestamp to a Date), as a query builder's answer would.

/** Every column of `table`, each named by its key (`product_id as "productId"`), for a RETURNING. */
export function columnsByKey(table: Table): SQL {
  return sql.join(
    Object.entries(getTableColumns(table)).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/** A row returned with `columnsByKey(table)`, decoded as Drizzle decodes a row of `table`. */
export function rowByKey<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
