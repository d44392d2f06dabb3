import {
  type Candidate,
  type InviteMember,
  isAdmin,
  PEOPLE_SEARCH_LIMIT,
  peopleSearchKind,
  type TeamDetail,
  type TeamMember,
  teamMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { type AppError, BadRequest, Conflict, NotFound } from '../../lib/errors.ts';
import { type Change, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { refuseArchivedProduct } from '../../lib/visibility.ts';
import { type NewNotification, notificationTexts } from '../notifications/index.ts';
import type { Deps, TeamAccess } from './teams.access.ts';
import type { TeamWithNames } from './teams.mapper.ts';

/** A second invitation (or withdrawal) of a person to a team within this window notifies no one again. */
const NOTIFY_AGAIN_AFTER_MINUTES = 10;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A membership change: `access` re-checks what the affected user sees before it is routed, and
 * `userIds` tells them even when they no longer see the product.
 */
const memberChange = (op: Change['op'], team: { id: string; productId: string }, userId: string): Change => ({
  kind: 'member',
  op,
  id: team.id,
  productId: team.productId,
  userIds: [userId],
  access: [userId],
});

// The membership flows of a team (docs/data-model.md, docs/decisions/004): invite, accept,
// decline or leave, remove, make lead, and the people one could invite. Every change locks the
// team row, checks the caller's right and records its activity entry and notification in the
// same transaction.
export function createMembershipFlows({ teams, notifications }: Deps, access: TeamAccess) {
  const {
    inTransaction,
    teamNotFound,
    memberNotFound,
    lockVisible,
    requireManager,
    detail,
    memberOf,
    record,
  } = access;

  /**
   * An INVITE or REMOVED_FROM_TEAM notification, unless the person got one of that kind about
   * this team less than NOTIFY_AGAIN_AFTER_MINUTES ago: that one is rewritten and unread again,
   * so inviting and withdrawing in a loop cannot flood them (issue 13 #11).
   */
  async function notifyOnce(
    tx: Db,
    values: Omit<NewNotification, 'type'> & {
      type: 'INVITE' | 'REMOVED_FROM_TEAM';
      metadata: { teamId: string };
    },
  ): Promise<Change[]> {
    const { userId, type, metadata, senderId, message } = values;
    const refreshed = await notifications.refreshRecent(
      userId,
      metadata.teamId,
      type,
      NOTIFY_AGAIN_AFTER_MINUTES,
      { senderId, message, metadata },
      tx,
    );
    if (refreshed) return [notificationChange('updated', refreshed)];
    // None when the person turned team notifications off in the bell (an INVITE always shows).
    const created = await notifications.insert(values, tx);
    return created ? [notificationChange('created', created)] : [];
  }

  return {
    /** Only an active member who is not already lead (spec §4); the previous lead stops being lead. */
    async setLead(actor: SessionUser, teamId: string, userId: string): Promise<TeamDetail> {
      return inTransaction(async (tx, after) => {
        const found = await lockVisible(tx, actor, teamId);
        requireManager(actor, found);
        await refuseArchivedProduct(tx, found.team.productId);
        const target = await teams.lockMember(tx, teamId, userId);
        if (!target) throw memberNotFound();
        if (target.status !== 'active' || target.isLead) {
          throw BadRequest(teamMessages.leadNotEligible, 'LEAD_NOT_ELIGIBLE');
        }
        await teams.setLead(teamId, target.id, tx);
        const user = await teams.findUser(userId, tx);
        const name = user?.name ?? 'Unknown User';
        await record(tx, actor, found.team, {
          actionType: 'team_lead_changed',
          description: `Made ${name} lead of team "${found.team.name}"`,
          metadata: { userId, previousLeadId: found.lead?.id ?? null },
        });
        after.publish(memberChange('updated', found.team, userId));
        if (userId !== actor.id) {
          const notified = await notifications.insert(
            {
              userId,
              senderId: actor.id,
              type: 'TEAM_LEAD',
              message: notificationTexts.teamLead(actor.name, found.team.name, found.productName),
              metadata: teamMetadata(found),
            },
            tx,
          );
          if (notified) after.publish(notificationChange('created', notified));
        }
        return detail(actor, teamId, tx);
      });
    },

    /**
     * Removes a member or withdraws an invitation (managers), or lets anyone leave a team or
     * decline an invitation (their own row). Removing the lead leaves the team without one.
     */
    async removeMember(actor: SessionUser, teamId: string, userId: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const found = await lockVisible(tx, actor, teamId);
        const self = userId === actor.id;
        // Leaving a team, or declining, stays possible while the product is archived.
        if (!self) {
          requireManager(actor, found);
          await refuseArchivedProduct(tx, found.team.productId);
        }
        const target = await teams.lockMember(tx, teamId, userId);
        if (!target) throw memberNotFound();
        await teams.removeMember(target.id, tx);
        // An invitation that no longer exists is no longer waiting to be answered.
        const readInvites = await notifications.markInvitesRead(userId, teamId, tx);

        const name = (await teams.findUser(userId, tx))?.name ?? 'Unknown User';
        const invited = target.status === 'invited' || target.status === 'pending';
        const team = found.team.name;
        const description = self
          ? invited
            ? `${name} declined the invitation to team "${team}"`
            : `${name} left team "${team}"`
          : invited
            ? `Withdrew the invitation of ${name} to team "${team}"`
            : `Removed ${name} from team "${team}"`;
        await record(tx, actor, found.team, {
          actionType: 'team_member_removed',
          description,
          metadata: { userId, role: target.role, status: target.status, wasLead: target.isLead },
        });
        after.publish(memberChange('deleted', found.team, userId));
        if (self) {
          // A declined invitation was marked read: their other tabs refresh the list.
          if (readInvites > 0) after.publish(notificationChange('updated', { id: userId, userId }));
          return;
        }
        const text = invited ? notificationTexts.invitationWithdrawn : notificationTexts.removedFromTeam;
        const notified = await notifyOnce(tx, {
          userId,
          senderId: actor.id,
          type: 'REMOVED_FROM_TEAM',
          message: text(actor.name, team, found.productName),
          metadata: teamMetadata(found),
        });
        after.publish(...notified);
      });
    },

    /** An existing, enabled user becomes an invited member; they answer from the INVITE notification. */
    async invite(
      actor: SessionUser,
      teamId: string,
      productId: string,
      body: InviteMember,
    ): Promise<TeamMember> {
      return inTransaction(async (tx, after) => {
        const found = await lockVisible(tx, actor, teamId);
        if (found.team.productId !== productId) throw teamNotFound();
        requireManager(actor, found);
        await refuseArchivedProduct(tx, productId);
        const user = UUID.test(body.userId) ? await teams.findUser(body.userId, tx) : undefined;
        if (!user || user.disabledAt) throw NotFound(teamMessages.userNotFound, 'USER_NOT_FOUND');

        const existing = await teams.lockMember(tx, teamId, user.id);
        if (existing) throw alreadyIn(existing.status);
        const row = await teams.insertMember(
          { teamId, userId: user.id, role: body.role, status: 'invited', invitedBy: actor.id },
          tx,
        );
        if (!row) throw Conflict(teamMessages.alreadyInvited, 'ALREADY_INVITED');

        const team = found.team.name;
        const notified = await notifyOnce(tx, {
          userId: user.id,
          senderId: actor.id,
          type: 'INVITE',
          message: notificationTexts.invite(actor.name, team, found.productName, body.role),
          metadata: { ...teamMetadata(found), role: body.role },
        });
        await record(tx, actor, found.team, {
          actionType: 'member_added',
          description: `Invited ${user.name} to team "${team}" as ${body.role}`,
          metadata: { userId: user.id, role: body.role, status: 'invited' },
        });
        after.publish(memberChange('created', found.team, user.id), ...notified);
        return memberOf(teamId, user.id, tx);
      });
    },

    /**
     * The caller's invitation becomes an active membership (which shows them the product), their
     * INVITE notifications of the team are read and the inviter is told. Twice is harmless.
     */
    async accept(actor: SessionUser, teamId: string): Promise<TeamMember> {
      return inTransaction(async (tx, after) => {
        const row = await teams.lockMember(tx, teamId, actor.id);
        if (!row || row.status === 'suspended') {
          throw NotFound(teamMessages.invitationNotFound, 'INVITATION_NOT_FOUND');
        }
        if (row.status === 'active') return memberOf(teamId, actor.id, tx);

        await teams.activate(row.id, tx);
        const readInvites = await notifications.markInvitesRead(actor.id, teamId, tx);
        const names = await teams.names(teamId, tx);
        if (!names) throw teamNotFound();
        after.publish(memberChange('updated', { id: teamId, productId: names.productId }, actor.id));
        // The accepted invitation was marked read.
        if (readInvites > 0) after.publish(notificationChange('updated', { id: actor.id, userId: actor.id }));
        if (row.invitedBy && row.invitedBy !== actor.id) {
          const notified = await notifications.insert(
            {
              userId: row.invitedBy,
              senderId: actor.id,
              type: 'INVITE_ACCEPTED',
              message: notificationTexts.inviteAccepted(actor.name, names.teamName, names.productName),
              metadata: {
                teamId,
                productId: names.productId,
                teamName: names.teamName,
                productName: names.productName,
                userId: actor.id,
              },
            },
            tx,
          );
          if (notified) after.publish(notificationChange('created', notified));
        }
        await record(
          tx,
          actor,
          { id: teamId, name: names.teamName, productId: names.productId },
          {
            actionType: 'team_member_added',
            description: `${actor.name} joined team "${names.teamName}"`,
            metadata: { userId: actor.id, role: row.role },
          },
        );
        return memberOf(teamId, actor.id, tx);
      });
    },

    /**
     * Users the caller could invite; only for those who may manage the team. Admins search the
     * whole directory; anyone else finds a few people by exact e-mail or the start of a name,
     * with the e-mails they did not type masked (docs/decisions/011-people-search.md).
     */
    async candidates(
      actor: SessionUser,
      teamId: string,
      search: string,
    ): Promise<{ data: Candidate[]; restricted: boolean }> {
      const found = await teams.findForViewer(actor, teamId);
      if (!found) throw teamNotFound();
      requireManager(actor, found);
      if (isAdmin(actor.role)) {
        const rows = await teams.candidates(teamId, { by: 'contains', search });
        return { data: rows.map((u) => toCandidate(u, u.email)), restricted: false };
      }
      const by = peopleSearchKind(search);
      if (!by) return { data: [], restricted: true };
      const rows = await teams.candidates(teamId, { by, search }, PEOPLE_SEARCH_LIMIT);
      return {
        data: rows.map((u) => toCandidate(u, by === 'email' ? u.email : maskEmail(u.email))),
        restricted: true,
      };
    },
  };
}

const toCandidate = (
  u: { id: string; name: string; avatarUrl: string | null },
  email: string,
): Candidate => ({
  _id: u.id,
  id: u.id,
  name: u.name,
  email,
  avatar: u.avatarUrl,
});

/** `ada@example.com` → `a•••@example.com`: enough to tell two namesakes apart, not to mail them. */
const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return `${[...email.slice(0, Math.max(at, 0))][0] ?? ''}•••${at >= 0 ? email.slice(at) : ''}`;
};

/** What a team notification names: enough for the screen to link and to accept from it. */
const teamMetadata = (row: TeamWithNames) => ({
  teamId: row.team.id,
  productId: row.team.productId,
  teamName: row.team.name,
  productName: row.productName,
});

const alreadyIn = (status: string): AppError =>
  status === 'invited' || status === 'pending'
    ? Conflict(teamMessages.alreadyInvited, 'ALREADY_INVITED')
    : Conflict(teamMessages.alreadyMember, 'ALREADY_MEMBER');
