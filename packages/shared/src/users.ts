import { z } from 'zod';
import { DEPARTMENTS, NAME_MIN } from './constants.ts';
import { validationMessages as m } from './messages.ts';
import { ROLES } from './permissions.ts';

export const RoleSchema = z.enum(ROLES);

export const UserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  full_name: z.string(),
  username: z.string().nullable(),
  avatar_url: z.string().nullable(),
  position: z.string().nullable(),
  department: z.string().nullable(),
  skills: z.array(z.string()),
  role: RoleSchema,
  email_verified: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** What any signed-in user may learn about another (to name who did something). */
export const PublicUserSchema = UserSchema.pick({
  id: true,
  _id: true,
  name: true,
  full_name: true,
  avatar_url: true,
  position: true,
});
export type PublicUser = z.infer<typeof PublicUserSchema>;

/** An avatar is one we stored (see POST /api/auth/avatar) or an https image, never a script URL. */
export const AvatarUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (v) =>
      /^\/api\/uploads\/avatars\/[a-f0-9]{32}\.(png|jpg|gif|webp)$/.test(v) || /^https:\/\/[^\s]+$/.test(v),
    'Avatar must be an uploaded image or an https URL',
  );

const username = z
  .string()
  .trim()
  .min(2, 'Username must be at least 2 characters')
  .max(40, 'Username must be at most 40 characters')
  .regex(/^[a-zA-Z0-9_.-]+$/, 'Username may contain letters, numbers, dots, dashes and underscores');

export const ProfileUpdateSchema = z
  .object({
    username: username
      .nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
    full_name: z.string().trim().min(NAME_MIN, m.nameMin2).max(100).optional(),
    avatar_url: AvatarUrlSchema.nullable()
      .optional()
      .or(z.literal('').transform(() => null)),
  })
  .strict();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

const department = z.enum(DEPARTMENTS, m.department);

export const AdminCreateUserSchema = z.object({
  name: z.string(m.teamMemberNameMin2).trim().min(NAME_MIN, m.teamMemberNameMin2).max(100),
  email: z.string(m.teamMemberEmail).trim().toLowerCase().pipe(z.email(m.teamMemberEmail)),
  role: z
    .union([RoleSchema, z.literal('')])
    .optional()
    .transform((r) => (r ? r : ('member' as const))),
  department: department.optional(),
  position: z.string().trim().max(100).optional(),
  skills: z.array(z.string().trim().min(1).max(50)).max(30).optional(),
});
export type AdminCreateUser = z.infer<typeof AdminCreateUserSchema>;

export const AdminUpdateUserSchema = z.object({
  id: z.uuid('User not found'),
  name: z.string().trim().min(NAME_MIN, m.teamMemberNameMin2).max(100).optional(),
  email: z.string().trim().toLowerCase().pipe(z.email(m.teamMemberEmail)).optional(),
  role: RoleSchema.optional(),
  department: department.nullable().optional(),
  position: z.string().trim().max(100).nullable().optional(),
  skills: z.array(z.string().trim().min(1).max(50)).max(30).optional(),
  disabled: z.boolean().optional(),
});
export type AdminUpdateUser = z.infer<typeof AdminUpdateUserSchema>;

export const RoleChangeSchema = z.object({ role: RoleSchema });
export const UserIdParamsSchema = z.object({ id: z.uuid('User not found') });

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
