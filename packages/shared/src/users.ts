import { z } from 'zod/mini';
import { DEPARTMENTS, NAME_MIN, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.ts';
import { validationMessages as m } from './messages.ts';
import { ROLES } from './permissions.ts';

export const RoleSchema = z.enum(ROLES);

export const UserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  full_name: z.string(),
  username: z.nullable(z.string()),
  avatar_url: z.nullable(z.string()),
  position: z.nullable(z.string()),
  department: z.nullable(z.string()),
  skills: z.array(z.string()),
  role: RoleSchema,
  email_verified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** What any signed-in user may learn about another (to name who did something). */
export const PublicUserSchema = z.pick(UserSchema, {
  id: true,
  _id: true,
  name: true,
  full_name: true,
  avatar_url: true,
  position: true,
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** An avatar is one we stored (see POST /api/auth/avatar) or an https image, never a script URL. */
export const AvatarUrlSchema = z.string().check(
  z.trim(),
  z.maxLength(2048),
  z.refine(
    (v) =>
      /^\/api\/uploads\/avatars\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/.test(v) || /^https:\/\/[^\s]+$/.test(v),
    'Avatar must be an uploaded image or an https URL',
  ),
);

const username = z
  .string()
  .check(
    z.trim(),
    z.minLength(2, 'Username must be at least 2 characters'),
    z.maxLength(40, 'Username must be at most 40 characters'),
    z.regex(/^[a-zA-Z0-9_.-]+$/, 'Username may contain letters, numbers, dots, dashes and underscores'),
  );
/** An emptied field clears the value. */
const clearable = <T extends z.ZodMiniType>(schema: T) =>
  z.union([
    z.optional(z.nullable(schema)),
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
  ]);

export const ProfileUpdateSchema = z.strictObject({
  username: clearable(username),
  full_name: z.optional(
    z.string(m.nameMin2).check(z.trim(), z.minLength(NAME_MIN, m.nameMin2), z.maxLength(100)),
  ),
  avatar_url: clearable(AvatarUrlSchema),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The Personal Information form of /profile: the part of a profile update typed by hand. */
export const PersonalInfoSchema = z.pick(ProfileUpdateSchema, { username: true, full_name: true });

const department = z.enum(DEPARTMENTS, m.department);
const skills = z.optional(
  z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(50))).check(z.maxLength(30)),
);

export const AdminCreateUserSchema = z.object({
  name: z
    .string(m.teamMemberNameMin2)
    .check(z.trim(), z.minLength(NAME_MIN, m.teamMemberNameMin2), z.maxLength(100)),
  email: z.pipe(z.string(m.teamMemberEmail).check(z.trim(), z.toLowerCase()), z.email(m.teamMemberEmail)),
  /** A system role; the form's empty choice means 'member' (spec §5). */
  role: z.pipe(
    z.optional(z.union([RoleSchema, z.literal('')])),
    z.transform((r) => (r ? r : ('member' as const))),
  ),
  department: z.optional(department),
  position: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  skills,
});
export type AdminCreateUser = z.infer<typeof AdminCreateUserSchema>;

export const AdminUpdateUserSchema = z.object({
  id: z.uuid('User not found'),
  name: z.optional(z.string().check(z.trim(), z.minLength(NAME_MIN, m.teamMemberNameMin2), z.maxLength(100))),
  email: z.optional(z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email(m.teamMemberEmail))),
  role: z.optional(RoleSchema),
  department: z.optional(z.nullable(department)),
  position: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100)))),
  skills,
  disabled: z.optional(z.boolean()),
});
export type AdminUpdateUser = z.infer<typeof AdminUpdateUserSchema>;

export const RoleChangeSchema = z.object({ role: RoleSchema });
export const UserIdParamsSchema = z.object({ id: z.uuid('User not found') });

/** `page` (1-based) and `limit` of every list call (ARCHITECTURE §5). */
export const PageQuerySchema = z.object({
  page: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1))), 1),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(PAGE_LIMIT_MAX))),
    PAGE_LIMIT_DEFAULT,
  ),
});
