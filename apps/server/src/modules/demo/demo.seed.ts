import { randomInt } from 'node:crypto';
import { conversationNotificationTexts, mentionMarkdown } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Db } from '../../db/client.ts';
import {
  activities,
  events,
  labels,
  notifications,
  products,
  serviceProducts,
  services,
  taskChecklistItems,
  taskComments,
  taskLabels,
  tasks,
  taskWatchers,
  teamMembers,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { notificationTexts, reminderTexts } from '../notifications/index.ts';
import { DEMO_DOMAIN, EVENTS, PEOPLE, type PersonKey, PRODUCTS, SERVICES } from './demo.data.ts';

// SEED_DEMO=1 (docs/decisions/019-demo-workspace.md): on a database without users, one
// transaction writes a workspace that looks lived in: people, products in every stage, teams,
// tasks with comments, checklists, labels and due dates around today, events, activity history
// over the last weeks, services and notifications. Rows are written directly (not through the
// services) so that their timestamps can lie in the past, relative to the injected clock.

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export type DemoLogins = {
  password: string;
  accounts: { email: string; name: string; role: string }[];
};

/** Typeable and per instance: three groups of four from an alphabet without look-alikes (~59 bits). */
export function demoPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const group = () => Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

export const demoEmail = (key: PersonKey) => `${key}@${DEMO_DOMAIN}`;

/**
 * Writes the demo workspace if the database has no user, and returns its logins; null when it
 * has one (nothing written). The `users` table is locked for the transaction first (SHARE ROW
 * EXCLUSIVE conflicts with itself and with every insert), so a second seeder, on this machine or
 * another, waits and then finds the users, and no sign-up slips in between the check and the seed.
 */
export async function seedDemoWorkspace(
  db: Db,
  clock: Clock,
  password = demoPassword(),
): Promise<DemoLogins | null> {
  const hasUsers = async (q: Db) =>
    (await q.execute<{ any: boolean }>(sql`select exists (select 1 from ${users}) as any`)).rows[0]?.any;
  // The usual case on a restart: no lock taken, no password hashed.
  if (await hasUsers(db)) return null;
  const hashes = await Promise.all(PEOPLE.map(() => hashPassword(password)));
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${users} in share row exclusive mode`);
    if (await hasUsers(tx)) return null;
    await writeWorkspace(tx, clock.now(), hashes);
    return {
      password,
      accounts: PEOPLE.map((p) => ({ email: demoEmail(p.key), name: p.name, role: p.role })),
    };
  });
}

/** main.ts: the seed on a connection pool of its own, closed when done. */
export async function seedDemoDatabase(databaseUrl: string, clock: Clock): Promise<DemoLogins | null> {
  const database = connectDatabase(databaseUrl, 1);
  try {
    return await seedDemoWorkspace(database.db, clock);
  } finally {
    await database.close();
  }
}

/** The lines main.ts prints once, after a seed. */
export function demoLoginLines(logins: DemoLogins, appUrl: string): string[] {
  const width = Math.max(...logins.accounts.map((a) => a.email.length));
  return [
    `demo workspace created: sign in at ${appUrl}/auth with password ${logins.password} as`,
    ...logins.accounts.map((a) => `  ${a.email.padEnd(width)}  ${a.name} (${a.role})`),
    'this password is shown only now; change it under Settings if the demo is reachable by others',
  ];
}

async function writeWorkspace(tx: Db, now: Date, hashes: string[]) {
  /** An instant `days` days before now, `hours` earlier still (never after now). */
  const ago = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
  /** A calendar day `offset` days from today (UTC), as PostgreSQL's date text. */
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);

  // ---- People ----
  const people = await tx
    .insert(users)
    .values(
      PEOPLE.map((p, i) => ({
        email: demoEmail(p.key),
        name: p.name,
        username: p.key,
        position: p.position,
        department: p.department,
        skills: p.skills,
        role: p.role,
        passwordHash: hashes[i] as string,
        emailVerifiedAt: ago(p.joinedDaysAgo),
        mustChangePassword: false,
        createdAt: ago(p.joinedDaysAgo, 1),
        updatedAt: ago(p.joinedDaysAgo),
      })),
    )
    .returning({ id: users.id, username: users.username, name: users.name });
  const person = (key: PersonKey) => {
    const found = people.find((p) => p.username === key);
    if (!found) throw new Error(`demo seed: no person ${key}`);
    return found;
  };

  type Activity = typeof activities.$inferInsert;
  type Notification = typeof notifications.$inferInsert;
  const log: Activity[] = [];
  const notes: Notification[] = [];
  const watchers: { taskId: string; userId: string }[] = [];
  const productIds: string[] = [];

  for (const spec of PRODUCTS) {
    const creator = person(spec.createdBy);
    const memberKeys = new Set<PersonKey>();
    for (const t of spec.teams) {
      memberKeys.add(t.lead);
      for (const [k] of t.members) memberKeys.add(k);
    }
    const [product] = await tx
      .insert(products)
      .values({
        name: spec.name,
        description: spec.description,
        status: spec.status,
        priority: spec.priority,
        teamSize: memberKeys.size,
        startDate: day(-spec.startDaysAgo),
        targetEndDate: day(spec.targetInDays),
        createdBy: creator.id,
        createdAt: ago(spec.startDaysAgo, 2),
        updatedAt: ago(spec.history.at(-1)?.[1] ?? spec.startDaysAgo),
      })
      .returning();
    if (!product) throw new Error('demo seed: product not written');
    productIds.push(product.id);
    const stages = spec.history.length ? spec.history : [[spec.status, spec.startDaysAgo] as const];
    log.push({
      actionType: 'prd_created',
      description: `Created product "${spec.name}"`,
      metadata: { status: stages[0]?.[0] },
      productId: product.id,
      performedBy: creator.id,
      createdAt: ago(spec.startDaysAgo, 2),
    });
    for (let s = 1; s < stages.length; s++) {
      const [from] = stages[s - 1] as readonly [string, number];
      const [to, daysAgo] = stages[s] as readonly [string, number];
      log.push({
        actionType: 'status_changed',
        description: `Status changed from ${capitalised(from)} to ${capitalised(to)}`,
        metadata: { previousStatus: from, newStatus: to },
        productId: product.id,
        performedBy: creator.id,
        createdAt: ago(daysAgo, 3),
      });
    }

    // ---- Teams ----
    const teamIds: string[] = [];
    for (const [ti, t] of spec.teams.entries()) {
      const lead = person(t.lead);
      const formed = Math.max(1, spec.startDaysAgo - 1 - ti);
      const [team] = await tx
        .insert(teams)
        .values({
          productId: product.id,
          name: t.name,
          description: t.description,
          teamType: t.type,
          createdBy: lead.id,
          createdAt: ago(formed, 4),
          updatedAt: ago(formed, 4),
        })
        .returning({ id: teams.id });
      if (!team) throw new Error('demo seed: team not written');
      teamIds.push(team.id);
      const teamMeta = { teamId: team.id, teamName: t.name };
      await tx.insert(teamMembers).values([
        {
          teamId: team.id,
          userId: lead.id,
          role: t.type === 'design' ? 'designer' : 'manager',
          status: 'active',
          isLead: true,
          joinedAt: ago(formed, 4),
          createdAt: ago(formed, 4),
        },
        ...t.members.map(([key, role], mi) => ({
          teamId: team.id,
          userId: person(key).id,
          role,
          status: 'active' as const,
          invitedBy: lead.id,
          joinedAt: ago(formed, 2 - mi * 0.25),
          createdAt: ago(formed, 3),
        })),
        ...(t.invited ?? []).map(([key, role]) => ({
          teamId: team.id,
          userId: person(key).id,
          role,
          status: 'invited' as const,
          invitedBy: lead.id,
          createdAt: ago(1, 5),
        })),
      ]);
      log.push({
        actionType: 'team_created',
        description: `Created team "${t.name}"`,
        metadata: { ...teamMeta, teamType: t.type },
        productId: product.id,
        performedBy: lead.id,
        createdAt: ago(formed, 4),
      });
      for (const [mi, [key, role]] of t.members.entries()) {
        const member = person(key);
        log.push({
          actionType: 'team_member_added',
          description: `${member.name} joined team "${t.name}"`,
          metadata: { ...teamMeta, userId: member.id, role },
          productId: product.id,
          performedBy: member.id,
          createdAt: ago(formed, 2 - mi * 0.25),
        });
      }
      if (lead.id !== creator.id) {
        notes.push({
          userId: lead.id,
          senderId: creator.id,
          type: 'TEAM_LEAD',
          message: notificationTexts.teamLead(creator.name, t.name, spec.name),
          metadata: { ...teamMeta, productId: product.id, productName: spec.name },
          readAt: ago(formed - 1),
          createdAt: ago(formed, 4),
        });
      }
      for (const [key, role] of t.invited ?? []) {
        notes.push({
          userId: person(key).id,
          senderId: lead.id,
          type: 'INVITE',
          message: notificationTexts.invite(lead.name, t.name, spec.name, role),
          metadata: { ...teamMeta, productId: product.id, productName: spec.name },
          createdAt: ago(1, 5),
        });
      }
    }
    const last = stages.at(-1);
    if (stages.length > 1 && last && last[1] <= 10) {
      for (const key of memberKeys) {
        if (key === spec.createdBy) continue;
        notes.push({
          userId: person(key).id,
          senderId: creator.id,
          type: 'PRODUCT_STAGE',
          message: reminderTexts.productStage(creator.name, spec.name, capitalised(spec.status)),
          metadata: { productId: product.id, status: spec.status },
          createdAt: ago(last[1], 3),
        });
      }
    }

    // ---- Labels ----
    const labelRows = await tx
      .insert(labels)
      .values(
        spec.labels.map(([name, color]) => ({
          productId: product.id,
          name,
          color,
          createdAt: ago(spec.startDaysAgo, 1),
          updatedAt: ago(spec.startDaysAgo, 1),
        })),
      )
      .returning({ id: labels.id, name: labels.name });

    // ---- Tasks ----
    for (const [ti, t] of spec.tasks.entries()) {
      const created = ago(t.createdDaysAgo, 5 + (ti % 4));
      const completed = t.status === 'Completed' ? ago(t.completedDaysAgo ?? 0, 1 + (ti % 3)) : null;
      const assignee = t.assignee ? person(t.assignee) : null;
      const [task] = await tx
        .insert(tasks)
        .values({
          productId: product.id,
          title: t.title,
          description: t.description ?? '',
          status: t.status,
          priority: t.priority,
          phase: t.phase,
          teamId: teamIds[t.team] ?? null,
          assigneeId: assignee?.id ?? null,
          dueDate: t.due === null ? null : day(t.due),
          completedAt: completed,
          createdBy: creator.id,
          createdAt: created,
          updatedAt: completed ?? ago(Math.min(t.createdDaysAgo, 1)),
        })
        .returning({ id: tasks.id });
      if (!task) throw new Error('demo seed: task not written');
      const taskRef = { productId: product.id, taskId: task.id };
      const watching = new Set([creator.id, ...(assignee ? [assignee.id] : [])]);

      log.push({
        actionType: 'task_created',
        description: `Created task "${t.title}"`,
        metadata: { priority: t.priority, status: 'Pending', taskId: task.id },
        ...taskRef,
        performedBy: creator.id,
        createdAt: created,
      });
      const actor = assignee?.id ?? creator.id;
      const moved = (previous: string, next: string, at: Date) =>
        log.push({
          actionType: next === 'Completed' ? 'task_completed' : 'task_status_updated',
          description:
            next === 'Completed'
              ? `Completed task "${t.title}"`
              : `Changed task "${t.title}" from ${previous} to ${next}`,
          metadata: {
            previousStatus: previous,
            newStatus: next,
            status: next,
            priority: t.priority,
            taskId: task.id,
          },
          ...taskRef,
          performedBy: actor,
          createdAt: at,
        });
      const end = completed ?? now;
      if (t.status !== 'Pending') {
        moved('Pending', 'In Progress', new Date((created.getTime() * 2 + end.getTime()) / 3));
      }
      if (t.reopenedDaysAgo !== undefined) {
        moved('In Progress', 'Completed', ago(t.reopenedDaysAgo + 1));
        moved('Completed', 'In Progress', ago(t.reopenedDaysAgo));
      }
      if (completed) moved('In Progress', 'Completed', completed);

      if (assignee && assignee.id !== creator.id) {
        notes.push({
          userId: assignee.id,
          senderId: creator.id,
          type: 'TASK_ASSIGNED',
          message: notificationTexts.taskAssigned(creator.name, t.title, spec.name),
          metadata: { taskId: task.id, productId: product.id },
          readAt: t.createdDaysAgo > 3 ? ago(t.createdDaysAgo - 1) : null,
          createdAt: created,
        });
      }

      const tagged = labelRows.filter((l) => t.labels.includes(l.name));
      if (tagged.length) {
        await tx
          .insert(taskLabels)
          .values(tagged.map((l) => ({ taskId: task.id, labelId: l.id, createdAt: created })));
      }
      if (t.checklist) {
        const { items, done } = t.checklist;
        await tx.insert(taskChecklistItems).values(
          items.map((title, i) => ({
            taskId: task.id,
            title,
            done: i < done,
            position: (i + 1) * 1024,
            createdBy: assignee?.id ?? creator.id,
            createdAt: created,
            updatedAt: i < done ? (completed ?? ago(Math.max(0, t.createdDaysAgo - i - 1))) : created,
          })),
        );
      }
      for (const [ci, [authorKey, daysAgo, text]] of (t.comments ?? []).entries()) {
        const author = person(authorKey);
        const at = ago(daysAgo, 6 - ci);
        const mentioned: { id: string; name: string }[] = [];
        const body = text.replace(/@(ada|grace|linus|maya|omar|sofia|iris)\b/g, (_, key: PersonKey) => {
          const who = person(key);
          mentioned.push(who);
          return mentionMarkdown(who.name, who.id);
        });
        const [comment] = await tx
          .insert(taskComments)
          .values({ taskId: task.id, authorId: author.id, body, createdAt: at, updatedAt: at })
          .returning({ id: taskComments.id });
        if (!comment) throw new Error('demo seed: comment not written');
        watching.add(author.id);
        log.push({
          actionType: 'comment_added',
          description: `Commented on task "${t.title}"`,
          metadata: { taskId: task.id, commentId: comment.id },
          ...taskRef,
          performedBy: author.id,
          createdAt: at,
        });
        for (const who of mentioned) {
          if (who.id === author.id) continue;
          watching.add(who.id);
          notes.push({
            userId: who.id,
            senderId: author.id,
            type: 'TASK_MENTION',
            message: conversationNotificationTexts.mention(author.name, t.title),
            metadata: { taskId: task.id, productId: product.id, commentId: comment.id },
            readAt: daysAgo > 2 ? ago(daysAgo - 1) : null,
            createdAt: at,
          });
        }
      }
      for (const userId of watching) watchers.push({ taskId: task.id, userId });
    }
  }

  // ---- Calendar ----
  for (const [ei, e] of EVENTS.entries()) {
    const by = person(e.by);
    // Past events were planned a few days ahead; upcoming ones over the last two weeks.
    const scheduled = ago(e.day < 0 ? -e.day + 4 : 2 + ((ei * 3) % 11), ei % 5);
    const productId = e.product === null ? null : (productIds[e.product] ?? null);
    const [row] = await tx
      .insert(events)
      .values({
        title: e.title,
        description: e.description,
        date: day(e.day),
        startTime: e.time,
        type: e.type,
        status: e.status,
        participants: e.participants.map(demoEmail),
        productId,
        createdBy: by.id,
        createdAt: scheduled,
        updatedAt: scheduled,
      })
      .returning({ id: events.id });
    if (row && productId) {
      log.push({
        actionType: 'event_scheduled',
        description: `Scheduled ${e.type} "${e.title}" on ${day(e.day)}`,
        metadata: { eventId: row.id, type: e.type, status: e.status, date: day(e.day) },
        productId,
        performedBy: by.id,
        createdAt: scheduled,
      });
    }
  }

  // ---- Services ----
  for (const [si, s] of SERVICES.entries()) {
    const at = ago(90 - si * 20);
    const [row] = await tx
      .insert(services)
      .values({
        name: s.name,
        category: s.category,
        description: s.description,
        integrationType: s.integrationType,
        status: s.status,
        createdBy: person(s.by).id,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: services.id });
    const used = s.products.map((i) => productIds[i]).filter((id): id is string => id !== undefined);
    if (row && used.length) {
      await tx
        .insert(serviceProducts)
        .values(used.map((productId) => ({ serviceId: row.id, productId, createdAt: at })));
    }
  }

  await tx.insert(activities).values(log);
  await tx.insert(notifications).values(notes);
  await tx.insert(taskWatchers).values(watchers).onConflictDoNothing();
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
