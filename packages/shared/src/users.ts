import { z } from 'zod/mini';
import { notEmptyUpdate } from './api.ts';
import { DEPARTMENTS, NAME_MIN, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './constants.ts';
import { LANGUAGE_CODES, type LanguageCode } from './languages.ts';
import { validationMessages as m } from './messages.ts';
import { ROLES } from './permissions.ts';
import { singleLine } from './text.ts';

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
  /** GET /api/user/me only: the caller is the instance's owner, its earliest active super admin. */
  owner: z.optional(z.boolean()),
  /** GET /api/user/me only: the caller's language (issue 33); null follows the browser. */
  language: z.optional(z.nullable(z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]]))),
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

/**
 * An avatar is a file the account itself uploaded (POST /api/auth/avatar names it
 * `<user id>-<random>.<ext>`; the server checks the user id), never another site's URL: an
 * https image would be a tracking pixel for everyone who sees the user (issue 13 #7).
 */
export const AvatarUrlSchema = z.string().check(
  z.trim(),
  z.maxLength(2048),
  z.refine(
    (v) => /^\/api\/uploads\/avatars\/[0-9a-f-]{36}-[a-f0-9]{32}\.(png|jpg|gif|webp)$/.test(v),
    'Avatar must be an image you uploaded',
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

const ProfileFieldsSchema = z.strictObject({
  username: clearable(username),
  full_name: z.optional(
    z.string(m.nameMin2).check(z.trim(), z.minLength(NAME_MIN, m.nameMin2), z.maxLength(100), singleLine()),
  ),
  avatar_url: clearable(AvatarUrlSchema),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
/** PATCH /api/auth/profile: `{}` changes nothing and is refused. */
export const ProfileUpdateSchema = ProfileFieldsSchema.check(notEmptyUpdate());

/** The Personal Information form of /profile: the part of a profile update typed by hand. */
export const PersonalInfoSchema = z.pick(ProfileFieldsSchema, { username: true, full_name: true });

const department = z.enum(DEPARTMENTS, m.department);
const skills = z.optional(
  z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(50), singleLine())).check(z.maxLength(30)),
);

export const AdminCreateUserSchema = z.object({
  name: z
    .string(m.teamMemberNameMin2)
    .check(z.trim(), z.minLength(NAME_MIN, m.teamMemberNameMin2), z.maxLength(100), singleLine()),
  email: z.pipe(
    z.string(m.teamMemberEmail).check(z.trim(), z.toLowerCase()),
    z.email(m.teamMemberEmail).check(z.maxLength(254, m.teamMemberEmail)),
  ),
  /** A system role; the form's empty choice means 'member' (spec §5). */
  role: z.pipe(
    z.optional(z.union([RoleSchema, z.literal('')])),
    z.transform((r) => (r ? r : ('member' as const))),
  ),
  department: z.optional(department),
  position: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100), singleLine()))),
  skills,
});
export type AdminCreateUser = z.infer<typeof AdminCreateUserSchema>;

const AdminUpdateUserFieldsSchema = z.object({
  id: z.uuid('User not found'),
  name: z.optional(
    z.string().check(z.trim(), z.minLength(NAME_MIN, m.teamMemberNameMin2), z.maxLength(100), singleLine()),
  ),
  email: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.toLowerCase()),
      z.email(m.teamMemberEmail).check(z.maxLength(254, m.teamMemberEmail)),
    ),
  ),
  role: z.optional(RoleSchema),
  department: z.optional(z.nullable(department)),
  position: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(100), singleLine()))),
  skills,
  disabled: z.optional(z.boolean()),
});
/** PATCH /api/user/update-user: the id alone changes nothing and is refused. */
export const AdminUpdateUserSchema = AdminUpdateUserFieldsSchema.check(notEmptyUpdate(['id']));
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

// ---- User Management (/team, spec §2.12, §3 'Team member (User Management)', §5) ----

/** The department filter's "no filter" choice (spec §5: 'All' or equal). */
export const ALL_DEPARTMENTS = 'all';

/**
 * The Add/Edit Team Member form (spec §5): name at least 2, a valid e-mail, a department
 * chosen, a system role ('' is 'member', decision 003), the job title and skills. Its output is
 * a valid body of both POST /api/user/admin-create-users and PATCH /api/user/update-user.
 */
export const TeamMemberFormSchema = z.object({
  name: AdminCreateUserSchema.shape.name,
  email: AdminCreateUserSchema.shape.email,
  department: z.pipe(
    z.transform((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
    z.enum(DEPARTMENTS, m.department),
  ),
  role: AdminCreateUserSchema.shape.role,
  /** An empty job title is none. */
  position: z.pipe(
    z.string().check(z.trim(), z.maxLength(100), singleLine()),
    z.transform((v) => (v === '' ? null : v)),
  ),
  skills: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(50), singleLine()))
    .check(z.maxLength(30)),
});
export type TeamMemberForm = z.infer<typeof TeamMemberFormSchema>;
export type TeamMemberFormInput = z.input<typeof TeamMemberFormSchema>;

/**
 * GET /api/team/all-team-members: `search` matches name, e-mail, system role or job title
 * ignoring case; `department` is one department, or 'all' (any casing) for every one.
 */
export const DirectoryQuerySchema = z.extend(PageQuerySchema, {
  search: z._default(z.string().check(z.trim(), z.maxLength(200), singleLine()), ''),
  department: z._default(
    z.pipe(
      z.transform((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v)),
      z.enum([ALL_DEPARTMENTS, ...DEPARTMENTS], m.department),
    ),
    ALL_DEPARTMENTS,
  ),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;

/** One row of User Management (spec §3 'Team member (User Management)'). */
export const DirectoryMemberSchema = z.object({
  id: z.string(),
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  name: z.string(),
  email: z.string(),
  department: z.nullable(z.string()),
  /** The system role. */
  role: RoleSchema,
  /** The job title. */
  position: z.nullable(z.string()),
  /**
   * Names of the products the user created or is an active team member of: distinct, by name,
   * at most DIRECTORY_PROJECTS_MAX; `projectCount` counts them all.
   */
  projects: z.array(z.string()),
  projectCount: z.number(),
  skills: z.array(z.string()),
  avatar: z.nullable(z.string()),
  disabled: z.boolean(),
});
export type DirectoryMember = z.infer<typeof DirectoryMemberSchema>;

export const DirectoryListSchema = z.object({
  data: z.array(DirectoryMemberSchema),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type DirectoryList = z.infer<typeof DirectoryListSchema>;

/** How many project names a User Management row carries. */
export const DIRECTORY_PROJECTS_MAX = 10;

// Here, not in languages.ts: the page loads that file before its first render (the /auth budget).
/** Why a language was refused (PUT /api/user/me/language). */
export const languageMessages = {
  unknown: `Language must be one of ${LANGUAGE_CODES.join(', ')}, or null to follow the browser`,
} as const;

/**
 * PUT /api/user/me/language: the language a person reads Shipyard and their mail in; null
 * follows the browser (and mail is English). A code from the fixed list above, nothing else.
 */
export const LanguageUpdateSchema = z.object({
  language: z.nullable(z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], languageMessages.unknown)),
});
export type LanguageUpdate = z.infer<typeof LanguageUpdateSchema>;
