import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { Mail } from '../../lib/mailer.ts';
import type { NewUser, UsersRepository } from './users.repository.ts';

/**
 * The accounts' narrow entry point for the auth module: find, create and update a user.
 * Auth depends on this, never on the users repository.
 */
export type UserStore = Pick<
  UsersRepository,
  | 'avatarsVersion'
  | 'count'
  | 'findByEmail'
  | 'findBySubject'
  | 'findById'
  | 'insert'
  | 'update'
  | 'updateReplacingAvatar'
  | 'usernameTaken'
>;
export type { NewUser };

/**
 * What changing someone's account also does, in the caller's transaction, which the auth module
 * contributes (`app.users.provideAccounts`): its sessions, links and second factor are auth's.
 */
export type AccountOperations = {
  /** Moves the account to another address (decision 010): the row and the mails to send after commit. */
  changeEmail: (user: UserRow, email: string, tx: Db) => Promise<{ row: UserRow; mails: Mail[] }>;
  /** Removes the account's second factor. */
  removeTwoFactor: (userId: string, tx: Db) => Promise<void>;
};
