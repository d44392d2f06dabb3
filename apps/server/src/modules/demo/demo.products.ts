import { labels, products, teamMembers, teams } from '../../db/schema/index.ts';
import { notificationTexts, reminderTexts } from '../notifications/index.ts';
import type { DemoProduct, PersonKey } from './demo.data.ts';
import { writeTask } from './demo.tasks.ts';
import { capitalised, type DemoWriter } from './demo.writer.ts';

/** One demo product: the product and its stage history, its teams, labels and tasks. Returns its id. */
export async function writeProduct(w: DemoWriter, spec: DemoProduct): Promise<string> {
  const { tx, ago, day, person, log, notes } = w;
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
    await writeTask(w, spec, product.id, teamIds, labelRows, ti, t);
  }
  return product.id;
}
