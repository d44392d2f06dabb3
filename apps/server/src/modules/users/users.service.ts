import { randomInt } from 'node:crypto';
import {
  type AdminCreateUser,
  type AdminUpdateUser,
  authMessages,
  canAssignRole,
  canChangeRoleAndStatus,
  canManageAccess,
  canManageUser,
  type DirectoryQuery,
  isAdmin,
  isLanguageCode,
  isSuperAdmin,
  type LanguageCode,
  type Role,
  userMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { type CsvColumn, csvChunks } from '../../lib/csv.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import { linkMail, type Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { accountChange, type Changes } from '../../lib/realtime/changes.ts';
import { requireRecentAuthentication, type SessionUser } from '../../lib/session.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { AuditLog, AuditMeta } from '../../platform/audit.ts';
import type { SessionStore } from '../../platform/session.ts';
import { toDirectoryMember, toPublicUser, toUser } from './users.mapper.ts';
import type { DirectoryRow, UserPatch, UsersRepository } from './users.repository.ts';
import type { AccountOperations } from './users.store.ts';

/** The columns of the User Management CSV: what the list shows. */
const DIRECTORY_CSV_COLUMNS: CsvColumn<DirectoryRow>[] = [
  { header: 'name', value: (u) => u.name },
  { header: 'email', value: (u) => u.email },
  { header: 'department', value: (u) => u.department },
  { header: 'role', value: (u) => u.role },
  { header: 'position', value: (u) => u.position },
  { header: 'products', value: (u) => u.projects.join(', ') },
  { header: 'product_count', value: (u) => u.project_count ?? 0 },
  { header: 'skills', value: (u) => u.skills.join(', ') },
  { header: 'disabled', value: (u) => u.disabled },
  { header: 'id', value: (u) => u.id },
];

type Deps = {
  db: Db;
  users: UsersRepository;
  sessions: SessionStore;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  /** Realtime: published after commit (docs/decisions/009-realtime.md). */
  changes: Changes;
  /** The auth module's entry point for moving an account to another address. */
  accounts: Pick<AccountOperations, 'changeEmail'>;
  /** The auth module's entry point for removing someone's second factor. */
  twoFactor: { remove: (userId: string, tx: Db) => Promise<void> };
  audit: AuditLog;
};

/** A stored language still on the list (a code since dropped reads as the browser's). */
const languageOf = (row: UserRow): LanguageCode | null =>
  isLanguageCode(row.language) ? row.language : null;

// No look-alike characters, so a temporary password read from a mail can be typed back.
const TEMP_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const temporaryPassword = () =>
  Array.from({ length: 14 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join('');

/** To an address its owner has not confirmed: no text the admin typed (decision 010). */
const temporaryPasswordMail = (to: string, password: string, appUrl: string) => ({
  ...linkMail(
    to,
    'Your Shipyard account',
    `An administrator created a Shipyard account for you. Your temporary password is: ${password}`,
    'Log in',
    `${appUrl}/auth`,
    'You will be asked to choose a new password when you first log in.',
  ),
  // Without SMTP_URL the printed line is all there is: it must carry the password too.
  note: `temporary password: ${password}`,
});

const targetOf = (row: UserRow) => ({ type: 'user' as const, id: row.id, label: row.email });
const by = (actor: SessionUser) => ({ id: actor.id, email: actor.email });

export function createUsersService({
  db,
  users,
  sessions,
  mailer,
  clock,
  appUrl,
  changes,
  accounts,
  twoFactor,
  audit,
}: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const requireAdmin = (actor: SessionUser) => {
    if (!isAdmin(actor.role)) throw Forbidden(userMessages.forbidden);
  };

  async function loadManageable(actor: SessionUser, id: string, tx: Db = db): Promise<UserRow> {
    const target = await users.findById(id, tx);
    if (!target) throw NotFound(userMessages.notFound);
    if (!canManageUser(actor.role, target.role)) throw Forbidden(userMessages.forbidden);
    return target;
  }

  /** Granting admin or super admin needs a recent sign-in or re-authentication (issue 27 #2). */
  const checkGrant = (actor: SessionUser, from: Role | undefined, to: Role) => {
    if (to !== from && isAdmin(to)) requireRecentAuthentication(actor, clock.now());
  };

  /** Whether the actor is the instance's owner: its earliest active super admin (issue 27 #2). */
  const isOwner = async (actor: SessionUser, tx: Db = db) =>
    isSuperAdmin(actor.role) && (await users.ownerId(tx)) === actor.id;

  /** Refuses a change that would leave the instance without an active super admin. */
  async function guardLastSuperAdmin(tx: Db, target: UserRow, staysSuperAdmin: boolean) {
    if (target.role !== 'super admin' || staysSuperAdmin) return;
    const active = await users.lockActiveSuperAdmins(tx);
    if (!active.some((u) => u.id !== target.id))
      throw Conflict(userMessages.lastSuperAdmin, 'LAST_SUPER_ADMIN');
  }

  return {
    async create(actor: SessionUser, body: AdminCreateUser, meta: AuditMeta = {}) {
      requireAdmin(actor);
      if (!canAssignRole(actor.role, body.role)) throw Forbidden(userMessages.roleTooHigh);
      checkGrant(actor, undefined, body.role);
      if (await users.findByEmail(body.email)) throw Conflict(authMessages.emailTaken, 'EMAIL_TAKEN');
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      const row = await db.transaction(async (tx) => {
        const created = await users.insert(
          {
            name: body.name,
            email: body.email,
            role: body.role,
            department: body.department ?? null,
            position: body.position ?? null,
            skills: body.skills ?? [],
            passwordHash,
            // The admin vouches for the address; the first login must replace the temporary password.
            emailVerifiedAt: clock.now(),
            mustChangePassword: true,
          },
          tx,
        );
        await audit.record(
          {
            action: 'user.created',
            actor: by(actor),
            target: targetOf(created),
            meta,
            details: { role: created.role },
          },
          tx,
        );
        return created;
      });
      changes.publish(accountChange('created', row.id, { row, admins: true }));
      await mailer.send(temporaryPasswordMail(row.email, password, appUrl));
      return toUser(row);
    },

    async list(actor: SessionUser, page: number, limit: number) {
      requireAdmin(actor);
      const { rows, total } = await users.list(page, limit);
      return { data: rows.map(toUser), total, page, limit };
    },

    /** User Management (/team): everyone, with their products, for admins. */
    async directory(actor: SessionUser, query: DirectoryQuery) {
      requireAdmin(actor);
      const { rows, total } = await users.directory(query);
      return { data: rows.map(toDirectoryMember), total, page: query.page, limit: query.limit };
    },

    /**
     * User Management as CSV (issue 20, admins): every user the list shows with its search and
     * department, all pages, read by keyset on its order (name, id).
     */
    async exportDirectory(actor: SessionUser, query: DirectoryQuery, meta: AuditMeta = {}) {
      requireAdmin(actor);
      const size = 200;
      const first = await users.directory({ ...query, page: 1, limit: size });
      // Everyone's e-mail address leaves the instance: audited, as the audit log's own export is.
      await audit.record({
        action: 'export',
        actor: by(actor),
        target: { type: 'users', id: 'users', label: 'User Management' },
        meta,
        details: { rows: first.total, search: query.search, department: query.department },
      });
      async function* pages() {
        let page = first.rows;
        for (;;) {
          if (page.length) yield page;
          const last = page.at(-1);
          if (page.length < size || !last) return;
          page = (await users.directory({ ...query, page: 1, limit: size }, last)).rows;
        }
      }
      return { total: first.total, chunks: csvChunks(DIRECTORY_CSV_COLUMNS, pages()) };
    },

    async me(actor: SessionUser) {
      return { ...toUser(actor), owner: await isOwner(actor), language: languageOf(actor) };
    },

    /** Issue 33: the caller's own language (null: the browser's); answers the caller as /me. */
    async setLanguage(actor: SessionUser, language: LanguageCode | null) {
      const row = await users.update(actor.id, { language, updatedAt: clock.now() });
      if (!row) throw NotFound(userMessages.notFound);
      return { ...toUser(row), owner: await isOwner(actor), language: languageOf(row) };
    },

    /** Admins get the whole record; anyone signed in may resolve a name and avatar. */
    async get(actor: SessionUser, id: string) {
      const row = await users.findById(id);
      if (!row) throw NotFound(userMessages.notFound);
      return isAdmin(actor.role) || actor.id === id ? toUser(row) : toPublicUser(row);
    },

    async update(actor: SessionUser, input: AdminUpdateUser, meta: AuditMeta = {}) {
      requireAdmin(actor);
      const { row, mails } = await inTransaction(async (tx, after) => {
        const target = await loadManageable(actor, input.id, tx);
        const role: Role = input.role ?? target.role;
        if (input.role && !canAssignRole(actor.role, input.role)) throw Forbidden(userMessages.roleTooHigh);
        const disabling = input.disabled === true && target.disabledAt === null;
        const enabling = input.disabled === false && target.disabledAt !== null;
        const newEmail = input.email && input.email !== target.email ? input.email : undefined;
        const self = target.id === actor.id;
        if (disabling && self) throw BadRequest('You cannot disable your own account.');
        if (newEmail && self) throw Forbidden(userMessages.ownEmail);
        // E-mail, role and status: only from a higher rank (decision 010); one may lower one's own
        // role. The owner also changes the role and status of another super admin (issue 27 #2).
        const roleOrStatus = disabling || enabling || (role !== target.role && !self);
        if (newEmail && !canManageAccess(actor.role, target.role))
          throw Forbidden(userMessages.accessNotBelow);
        if (roleOrStatus) {
          const owner = target.role === 'super admin' && (await isOwner(actor, tx));
          if (!canChangeRoleAndStatus({ role: actor.role, owner }, target.role))
            throw Forbidden(userMessages.accessNotBelow);
        }
        checkGrant(actor, target.role, role);
        await guardLastSuperAdmin(tx, target, role === 'super admin' && !disabling);
        if (newEmail && (await users.findByEmail(newEmail, tx))) {
          throw Conflict(authMessages.emailTaken, 'EMAIL_TAKEN');
        }
        const patch: UserPatch = {
          name: input.name,
          role: input.role,
          department: input.department,
          position: input.position,
          skills: input.skills,
        };
        if (input.disabled !== undefined)
          patch.disabledAt = input.disabled ? (target.disabledAt ?? clock.now()) : null;
        const changed = Object.values(patch).some((v) => v !== undefined);
        let row = changed ? await users.update(target.id, patch, tx) : target;
        if (!row) throw NotFound(userMessages.notFound);
        if (disabling) await sessions.endAccess(target.id, { tx });
        const mails: Parameters<Mailer['send']>[0][] = [];
        if (newEmail) {
          const moved = await accounts.changeEmail(row, newEmail, tx);
          row = moved.row;
          mails.push(...moved.mails);
          if (row.mustChangePassword) {
            // Its temporary password was mailed to the old address: a new one goes to the new address.
            const password = temporaryPassword();
            row = (await users.update(row.id, { passwordHash: await hashPassword(password) }, tx)) ?? row;
            mails.push(temporaryPasswordMail(newEmail, password, appUrl));
          }
        }
        if (role !== target.role)
          await audit.record(
            {
              action: 'user.role_changed',
              actor: by(actor),
              target: targetOf(row),
              meta,
              details: { from: target.role, to: role },
            },
            tx,
          );
        if (disabling || enabling)
          await audit.record(
            {
              action: 'user.status_changed',
              actor: by(actor),
              target: targetOf(row),
              meta,
              details: { disabled: disabling },
            },
            tx,
          );
        if (newEmail)
          await audit.record(
            {
              action: 'email.changed',
              actor: by(actor),
              target: targetOf(row),
              meta,
              details: { from: target.email, to: newEmail },
            },
            tx,
          );
        after.publish(accountChange('updated', row.id, { row, admins: true }));
        return { row, mails };
      });
      for (const mail of mails) await mailer.send(mail);
      return toUser(row);
    },

    async remove(actor: SessionUser, id: string, meta: AuditMeta = {}) {
      requireAdmin(actor);
      if (id === actor.id) throw BadRequest(userMessages.cannotDeleteSelf);
      await inTransaction(async (tx, after) => {
        const target = await loadManageable(actor, id, tx);
        if (!canManageAccess(actor.role, target.role)) throw Forbidden(userMessages.accessNotBelow);
        await guardLastSuperAdmin(tx, target, false);
        await users.remove(target.id, tx); // sessions and tokens go with it (ON DELETE CASCADE)
        await audit.record({ action: 'user.deleted', actor: by(actor), target: targetOf(target), meta }, tx);
        after.publish(accountChange('deleted', id, { admins: true }));
      });
    },

    /**
     * Removes someone's second factor (a lost phone), under the same rank rule as their e-mail
     * and status: they sign in with their password alone, or enrol again if it is required.
     * Their sessions and API tokens end with it (decision 013).
     */
    async resetTwoFactor(actor: SessionUser, id: string, meta: AuditMeta = {}) {
      requireAdmin(actor);
      await inTransaction(async (tx, after) => {
        const subject = await loadManageable(actor, id, tx);
        if (!canManageAccess(actor.role, subject.role)) throw Forbidden(userMessages.accessNotBelow);
        await twoFactor.remove(subject.id, tx);
        await sessions.endAccess(subject.id, { tx });
        await audit.record(
          { action: 'two_factor.reset', actor: by(actor), target: targetOf(subject), meta },
          tx,
        );
        after.publish(accountChange('updated', subject.id, { row: subject, admins: true }));
      });
      return { message: 'Two-factor sign-in was reset.' };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
