import type { DirectoryMember, PublicUser, User } from '@shipyard/shared';
import type { UserRow } from '../../db/schema/index.ts';
import type { DirectoryRow } from './users.repository.ts';

/** The API's user: the field names the spec's screens read (`_id`, `full_name`, `createdAt`). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    _id: row.id,
    email: row.email,
    name: row.name,
    full_name: row.name,
    username: row.username,
    avatar_url: row.avatarUrl,
    position: row.position,
    department: row.department,
    skills: row.skills,
    role: row.role,
    email_verified: row.emailVerifiedAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    full_name: row.name,
    avatar_url: row.avatarUrl,
    position: row.position,
  };
}

/** A User Management row (spec §3 'Team member (User Management)'): `role` is the system role. */
export function toDirectoryMember(row: DirectoryRow): DirectoryMember {
  return {
    id: row.id,
    user: { _id: row.id, name: row.name, email: row.email },
    name: row.name,
    email: row.email,
    department: row.department,
    role: row.role,
    position: row.position,
    projects: row.projects,
    projectCount: row.project_count,
    skills: row.skills,
    avatar: row.avatar_url,
    disabled: row.disabled,
  };
}
