import { categoryOfType } from '@shipyard/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notificationDigestItems } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobHandlers } from '../../lib/jobs.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { type Changes, notificationChange } from '../../lib/realtime/changes.ts';
import { userSeesProduct } from '../../lib/visibility.ts';
import { mailTranslator } from '../../platform/mail-language.ts';
import { aboutWhatTheySee, type DeliveryCheck } from './notifications.access.ts';
import {
  digestMail,
  instantMail,
  type UnsubscribeScope,
  type UnsubscribeTokens,
} from './notifications.mail.ts';
import { NOTIFICATION_MAIL_JOB, type NotificationMailJob, type Notifier } from './notifications.notifier.ts';
import type { NotificationSettings } from './notifications.settings.ts';
import { reminderTexts } from './notifications.texts.ts';

const DIGEST_JOB = 'notification-digest';
const SCAN_JOB = 'notification-scan';
/** Every five minutes, once across all processes (graphile-worker's crontab). */
export const NOTIFICATION_SCHEDULE = [{ match: '*/5 * * * *', task: SCAN_JOB }];
/** A digest lists at most this many entries and overdue tasks; the rest wait for the next one. */
const DIGEST_MAX_ENTRIES = 200;
const DIGEST_MAX_OVERDUE = 50;

type Deps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  changes: Changes;
  log: FastifyBaseLogger;
  settings: NotificationSettings;
  notifier: Notifier;
  deliveryCheck: DeliveryCheck;
  tokens: UnsubscribeTokens;
  appUrl: string;
  digestHour: number;
};

type DigestJob = { userId: string; day: string };

/**
 * For the scans over every assignee (tasks `t`, products `p`, users `u` of the assignee): an
 * enabled account that may see the task's product now (lib/visibility.ts), not archived.
 */
const assigneeSeesTask = sql`u.disabled_at is null and p.archived_at is null
  and ${userSeesProduct({ id: sql`u.id`, role: sql`u.role` }, sql`t.product_id`)}`;

/**
 * The notification jobs: one instant mail, one user's daily digest, and the scan that finds
 * due-soon and overdue tasks and the users whose digest is due. Exactly once across processes
 * comes from the database: task_reminders' key and notification_settings.last_digest_on.
 */
export function createNotificationJobs(deps: Deps) {
  const { db, clock, mailer, settings, tokens, appUrl } = deps;
  const unsubscribeUrl = (userId: string, scope: UnsubscribeScope) =>
    `${appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(tokens.sign(userId, scope))}`;

  /**
   * Re-reads the recipient: a mail they turned off, an account disabled since, or one about a
   * task or product they no longer see (removed from its team since it was queued) is not sent.
   */
  async function sendInstant(job: NotificationMailJob) {
    const recipient = await deps.deliveryCheck(job);
    const category = categoryOfType[job.type];
    if (recipient?.preferences[category].email !== 'instant') return;
    await mailer.send(
      instantMail(
        recipient.email,
        { type: job.type, message: job.message, metadata: job.metadata ?? {} },
        { appUrl, unsubscribeUrl: unsubscribeUrl(job.userId, category) },
        mailTranslator(recipient.language),
      ),
    );
  }

  /**
   * Mails the user's waiting entries and their overdue tasks, and deletes those entries, in one
   * transaction: a failed send rolls it back and the job is retried with the same entries. An
   * entry is mailed unless its kind's mail is now off (an instant kind's entries are the ones
   * past the hourly cap) or it is about what the user no longer sees; either way it is deleted.
   */
  async function sendDigest({ userId, day }: DigestJob) {
    await db.transaction(async (tx) => {
      const recipient = await settings.recipient(userId, tx);
      if (!recipient) return;
      const entries = await tx
        .select({
          id: notificationDigestItems.id,
          type: notificationDigestItems.type,
          message: notificationDigestItems.message,
          metadata: notificationDigestItems.metadata,
          seen: aboutWhatTheySee(
            { id: recipient.userId, role: recipient.role },
            notificationDigestItems.type,
            notificationDigestItems.metadata,
          ),
        })
        .from(notificationDigestItems)
        .where(eq(notificationDigestItems.userId, userId))
        .orderBy(asc(notificationDigestItems.createdAt))
        .limit(DIGEST_MAX_ENTRIES)
        .for('update', { of: notificationDigestItems, skipLocked: true });
      const wanted = entries.filter(
        (e) => e.seen && recipient.preferences[categoryOfType[e.type]].email !== 'never',
      );
      const overdue = recipient.preferences.overdue.email !== 'never' ? await overdueTasks(tx, userId) : [];
      if (recipient.mailable && (wanted.length > 0 || overdue.length > 0)) {
        await mailer.send(
          digestMail(
            recipient.email,
            day,
            wanted,
            overdue,
            { appUrl, unsubscribeUrl: unsubscribeUrl(userId, 'digest') },
            mailTranslator(recipient.language),
          ),
        );
      }
      if (entries.length > 0) {
        await tx.delete(notificationDigestItems).where(
          and(
            eq(notificationDigestItems.userId, userId),
            inArray(
              notificationDigestItems.id,
              entries.map((e) => e.id),
            ),
          ),
        );
      }
    });
  }

  /** The user's open tasks whose due date has passed in their time zone, oldest first, of products they see. */
  async function overdueTasks(tx: Db, userId: string) {
    const { rows } = await tx.execute<{
      id: string;
      title: string;
      productName: string;
      dueDate: string;
    }>(sql`
      select t.id, t.title, p.name as "productName", t.due_date::text as "dueDate"
      from tasks t
      join products p on p.id = t.product_id
      join users u on u.id = t.assignee_id
      left join notification_settings s on s.user_id = t.assignee_id
      where t.assignee_id = ${userId} and t.status <> 'Completed' and t.due_date is not null and ${assigneeSeesTask}
        and ${clock.now().toISOString()}::timestamptz >= (t.due_date + 1)::timestamp at time zone coalesce(s.time_zone, 'UTC')
      order by t.due_date, t.id
      limit ${DIGEST_MAX_OVERDUE}`);
    return rows;
  }

  /**
   * Due soon: the task's due date ends (midnight after it, in the assignee's time zone) within
   * 24 hours. Overdue: it has ended, less than two days ago (older ones are only listed in the
   * digest). Only assignees who may see the task's product now are reminded. The insert into
   * task_reminders claims each (task, assignee, kind, due date) once; the notifications (and
   * their mail jobs) are written in the same transaction.
   */
  async function scanReminders(now: Date) {
    const at = now.toISOString();
    const created = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        taskId: string;
        userId: string;
        kind: 'due_soon' | 'overdue';
        dueDate: string;
        title: string;
        productId: string;
        productName: string;
      }>(sql`
        with due as (
          select t.id as task_id, t.assignee_id as user_id, t.due_date, t.title, t.product_id, p.name as product_name,
            (t.due_date + 1)::timestamp at time zone coalesce(s.time_zone, 'UTC') as due_end
          from tasks t
          join products p on p.id = t.product_id
          join users u on u.id = t.assignee_id
          left join notification_settings s on s.user_id = t.assignee_id
          where t.status <> 'Completed' and t.assignee_id is not null and t.due_date is not null and ${assigneeSeesTask}
            and t.due_date between (${at}::timestamptz at time zone 'UTC')::date - 4
                               and (${at}::timestamptz at time zone 'UTC')::date + 2
        ), wanted as (
          select *, case when ${at}::timestamptz >= due_end then 'overdue' else 'due_soon' end as kind
          from due
          where ${at}::timestamptz >= due_end - interval '24 hours'
            and ${at}::timestamptz < due_end + interval '2 days'
        ), claimed as (
          insert into task_reminders (task_id, user_id, kind, due_date)
          select task_id, user_id, kind, due_date from wanted
          on conflict do nothing
          returning task_id, user_id, kind
        )
        select w.task_id as "taskId", w.user_id as "userId", w.kind, w.due_date::text as "dueDate",
          w.title, w.product_id as "productId", w.product_name as "productName"
        from claimed c join wanted w on w.task_id = c.task_id and w.user_id = c.user_id and w.kind = c.kind`);
      return deps.notifier.insertMany(
        rows.map((r) => ({
          userId: r.userId,
          senderId: null,
          type: r.kind === 'overdue' ? ('TASK_OVERDUE' as const) : ('TASK_DUE_SOON' as const),
          message: (r.kind === 'overdue' ? reminderTexts.overdue : reminderTexts.dueSoon)(
            r.title,
            r.productName,
            r.dueDate,
          ),
          metadata: { taskId: r.taskId, productId: r.productId, dueDate: r.dueDate },
        })),
        tx,
      );
    });
    deps.changes.publish(...created.map((row) => notificationChange('created', row)));
  }

  /**
   * Claims today's digest (in their time zone) for everyone with entries waiting or a task
   * overdue, once DIGEST_HOUR has come for them: last_digest_on moves to today at most once, and
   * the digest job is added in the same statement.
   */
  async function scanDigests(now: Date) {
    const at = now.toISOString();
    await db.execute(sql`
      with candidates as (
        select user_id from notification_digest_items
        union
        select t.assignee_id from tasks t
        join products p on p.id = t.product_id
        join users u on u.id = t.assignee_id
        where t.status <> 'Completed' and t.assignee_id is not null and t.due_date is not null
          and t.due_date < (${at}::timestamptz at time zone 'UTC')::date + 1 and ${assigneeSeesTask}
      ), local as (
        select c.user_id, (${at}::timestamptz at time zone coalesce(s.time_zone, 'UTC')) as local_now
        from candidates c left join notification_settings s on s.user_id = c.user_id
      ), claimed as (
        insert into notification_settings (user_id, last_digest_on)
        select user_id, local_now::date from local where extract(hour from local_now) >= ${deps.digestHour}
        on conflict (user_id) do update set last_digest_on = excluded.last_digest_on
          where notification_settings.last_digest_on is null
             or notification_settings.last_digest_on < excluded.last_digest_on
        returning user_id, last_digest_on
      )
      select graphile_worker.add_job(${DIGEST_JOB},
        json_build_object('userId', user_id, 'day', last_digest_on::text),
        max_attempts => 8, job_key => 'digest:' || user_id || ':' || last_digest_on::text)
      from claimed`);
  }

  async function scan() {
    const now = clock.now();
    await scanReminders(now);
    await scanDigests(now);
  }

  const handlers: JobHandlers = {
    [NOTIFICATION_MAIL_JOB]: (payload) => sendInstant(payload as NotificationMailJob),
    [DIGEST_JOB]: (payload) => sendDigest(payload as DigestJob),
    [SCAN_JOB]: () => scan(),
  };

  return { handlers, scan };
}
