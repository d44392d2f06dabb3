import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WebhookEventInput, WebhookOutbox } from '../services/index.ts';

// "Due soon" for chat (issue 33): a product's open task whose due date ends (midnight UTC after
// it: a channel has no time zone) within 24 hours. Every five minutes, once across processes: the
// insert into chat_due_notices claims each (task, due date) once, and its outbox deliveries are
// written in the same transaction. Only products with an enabled destination that chose it are
// scanned; a task whose due date moves is told again for the new date.

export const DUE_SOON_JOB = 'chat.due-soon';

export function createDueSoonScan({ db, clock, outbox }: { db: Db; clock: Clock; outbox: WebhookOutbox }) {
  return async function scan(): Promise<number> {
    const at = clock.now().toISOString();
    return db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        taskId: string;
        key: string | null;
        title: string;
        status: string;
        productId: string;
        dueDate: string;
      }>(sql`
        with wanted as (
          select t.id, t.key, t.title, t.status, t.product_id, t.due_date
          from tasks t
          join products p on p.id = t.product_id
          where t.deleted_at is null and t.status <> 'Completed' and t.due_date is not null
            and p.archived_at is null
            and t.due_date between (${at}::timestamptz at time zone 'UTC')::date
                               and (${at}::timestamptz at time zone 'UTC')::date + 1
            and ${at}::timestamptz >= (t.due_date + 1)::timestamp at time zone 'UTC' - interval '24 hours'
            and ${at}::timestamptz < (t.due_date + 1)::timestamp at time zone 'UTC'
            and exists (select 1 from chat_destinations c where c.product_id = t.product_id
              and c.enabled and 'due_soon' = any(c.events))
        ), claimed as (
          insert into chat_due_notices (task_id, due_date)
          select id, due_date from wanted
          on conflict do nothing
          returning task_id
        )
        select w.id as "taskId", w.key, w.title, w.status, w.product_id as "productId", w.due_date::text as "dueDate"
        from claimed c join wanted w on w.id = c.task_id`);
      const events: WebhookEventInput[] = rows.map((r) => ({
        event: 'task.due_soon',
        productIds: [r.productId],
        data: {
          taskId: r.taskId,
          ...(r.key && { key: r.key }),
          productId: r.productId,
          title: r.title,
          status: r.status,
          dueDate: r.dueDate,
        },
      }));
      return outbox.enqueueMany(tx, events);
    });
  };
}
