import { sql } from 'drizzle-orm';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-app.ts';

// The database's rank_before (migration 0024: a new card's key, above its column's first) must
// be the library's generateKeyBetween(null, k), or a new card and a dropped one could collide.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function rankBefore(keys: (string | null)[]): Promise<string[]> {
  const list = `{${keys.map((k) => (k === null ? 'NULL' : k)).join(',')}}`;
  const { rows } = await database.database.db.execute<{ key: string }>(
    sql`select rank_before(k) as key from unnest(${list}::text[]) with ordinality as t(k, n) order by n`,
  );
  return rows.map((row) => row.key);
}

describe('rank_before, the key above a column’s first card', () => {
  it('is the library’s key before it, for integer keys, fractional keys and across every head', async () => {
    const keys = [
      ...generateNKeysBetween(null, null, 70), // a0 … az, b00 … (integer keys, carrying over)
      'b00',
      'c000',
      'a0V',
      'Zz',
      'Z0',
      'Y00',
      'Y01',
      'Yzz',
      'a1zzzV',
      generateKeyBetween('a0', 'a1'),
      generateKeyBetween('Zz', 'a0'),
    ];
    expect(await rankBefore(keys)).toEqual(keys.map((key) => generateKeyBetween(null, key)));
  });

  it('gives a0 for an empty column and keeps going up one key at a time', async () => {
    const [first] = await rankBefore([null]);
    expect(first).toBe('a0');
    let key = 'a0';
    const made: string[] = [];
    for (let i = 0; i < 70; i++) {
      const [above] = await rankBefore([key]);
      if (above === undefined) throw new Error('no key');
      expect(above < key).toBe(true);
      made.push(above);
      key = above;
    }
    expect(made.slice(0, 3)).toEqual(['Zz', 'Zy', 'Zx']);
    expect(new Set(made).size).toBe(70);
  });
});
