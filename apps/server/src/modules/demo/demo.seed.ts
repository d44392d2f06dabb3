import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { connectDatabase, type Db } from '../../db/client.ts';
import {
  activities,
  events,
  notifications,
  serviceProducts,
  services,
  taskWatchers,
  users,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DEMO_DOMAIN, EVENTS, PEOPLE, type PersonKey, PRODUCTS, SERVICES } from './demo.data.ts';
import { writeProduct } from './demo.products.ts';
import { type DemoPerson, demoWriter } from './demo.writer.ts';

// SEED_DEMO=1 (docs/decisions/019-demo-workspace.md): on a database without users, one
// transaction writes a workspace that looks lived in: people, products in every stage, teams,
// tasks with comments, checklists, labels and due dates around today, events, activity history
// over the last weeks, services and notifications. Rows are written directly (not through the
// services) so that their timestamps can lie in the past, relative to the injected clock.

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
  const people: DemoPerson[] = [];
  const w = demoWriter(tx, now, people);
  const { ago, day, person, log } = w;

  // ---- People ----
  const written = await tx
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
  people.push(...written);

  const productIds: string[] = [];
  for (const spec of PRODUCTS) productIds.push(await writeProduct(w, spec));

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
  await tx.insert(notifications).values(w.notes);
  await tx.insert(taskWatchers).values(w.watchers).onConflictDoNothing();
}
