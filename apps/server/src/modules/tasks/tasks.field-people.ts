import { mayBePerson, type TaskFieldValues } from '@shipyard/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customFields, tasks, users } from '../../db/schema/index.ts';

// Rows show the values of their product's fields shown on cards (issue 29). The values travel with
// every task (`fields`); a person field's value is a user id, whose name this reads for a page.

/**
 * The people that these tasks' person fields shown on cards name, in one statement for the page
 * (never one a row), by name. Only the tasks with a value that may be a person are read: a page
 * whose tasks have no such value costs nothing.
 */
export async function fieldPeopleOfTasks(
  db: Db,
  rows: readonly { id: string; fields: TaskFieldValues }[],
): Promise<{ id: string; name: string }[]> {
  const ids = rows.filter((row) => Object.values(row.fields).some(mayBePerson)).map((row) => row.id);
  if (ids.length === 0) return [];
  // The value is cast only where it is a user id (checked on write; the guard keeps a hand-edited
  // value from failing the page).
  const { rows: people } = await db.execute<{ id: string; name: string }>(sql`
    select distinct u.id, u.name
    from ${tasks} t
    join ${customFields} f on f.product_id = t.product_id and f.show_on_cards and f.type = 'person'
    cross join lateral (select t.fields ->> f.id::text as value) v
    join ${users} u on u.id = case
      when v.value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v.value::uuid
    end
    where ${inArray(sql`t.id`, ids)}
    order by u.name, u.id`);
  return people;
}
