import type { NewUser, UsersRepository } from './users.repository.ts';

/**
 * The accounts' narrow entry point for the auth module: find, create and update a user.
 * Auth depends on this, never on the users repository (scripts/check-boundaries.mjs).
 */
export type UserStore = Pick<
  UsersRepository,
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
