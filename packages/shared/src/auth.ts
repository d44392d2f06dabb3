// zod/mini: the same rules and messages as classic zod, at a fraction of the web bundle.
import { z } from 'zod/mini';
import { NAME_MIN, PASSWORD_MIN_LOGIN, PASSWORD_MIN_RESET } from './constants.ts';
import { authMessages, validationMessages as m } from './messages.ts';
import { singleLine } from './text.ts';

const trimmedLower = (message: string) => z.string(message).check(z.trim(), z.toLowerCase());
const email = z.pipe(
  trimmedLower(m.invalidEmail),
  z.email(m.invalidEmail).check(z.maxLength(254, m.invalidEmail)),
);
const password = (min: number, message: string) =>
  z
    .string(message)
    .check(z.minLength(min, message), z.maxLength(256, 'Password must be at most 256 characters'));
const loginPassword = password(PASSWORD_MIN_LOGIN, m.passwordMin6);
const newPassword = password(PASSWORD_MIN_RESET, m.passwordMin8);
/** A token or a typed password: one line, at most 256 characters (longer ones are never issued). */
const required = z.string(m.required).check(z.minLength(1, m.required), z.maxLength(256));

export const LoginSchema = z.object({ email, password: loginPassword });
export type Login = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  name: z
    .string(m.nameMin2)
    .check(
      z.trim(),
      z.minLength(NAME_MIN, m.nameMin2),
      z.maxLength(100, 'Name must be at most 100 characters'),
      singleLine(),
    ),
  email,
  password: loginPassword,
});
export type Register = z.infer<typeof RegisterSchema>;

export const ResetRequestSchema = z.object({
  email: z.pipe(trimmedLower(m.resetEmail), z.email(m.resetEmail).check(z.maxLength(254, m.resetEmail))),
});
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

export const ResetConfirmSchema = z.object({ token: required, newPassword });
export type ResetConfirm = z.infer<typeof ResetConfirmSchema>;

/** The reset form on screen also checks the confirmation (product-spec §3, §5). */
export const ResetFormSchema = z.object({ password: newPassword, confirmPassword: z.string() }).check(
  z.refine((v) => v.password === v.confirmPassword, {
    error: m.passwordsDontMatch,
    path: ['confirmPassword'],
  }),
);

export const ForceChangePasswordSchema = z.object({
  temp_token: required,
  new_password: z
    .string(m.forcedPasswordTooShort)
    .check(z.minLength(PASSWORD_MIN_RESET, m.forcedPasswordTooShort), z.maxLength(256)),
});
export type ForceChangePassword = z.infer<typeof ForceChangePasswordSchema>;
/** The forced-change form: the temp_token is held by the screen, not typed. */
export const ForcedNewPasswordSchema = z.pick(ForceChangePasswordSchema, { new_password: true });

export const ChangePasswordSchema = z
  .object({ currentPassword: required, newPassword, confirmPassword: required })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      error: m.passwordMismatch,
      path: ['confirmPassword'],
    }),
  );
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const VerifyQuerySchema = z.object({
  token: z
    .string(authMessages.verifyTokenInvalid)
    .check(
      z.minLength(1, authMessages.verifyTokenInvalid),
      z.maxLength(256, authMessages.verifyTokenInvalid),
      singleLine(),
    ),
});
export const ResendVerificationSchema = z.object({ email });

export const TokenResponseSchema = z.object({ token: z.string() });
export const MessageResponseSchema = z.object({ message: z.string() });
/** Which sign-in providers this instance offers beside e-mail and password (GET /api/auth/providers). */
export const AuthProvidersSchema = z.object({
  google: z.boolean(),
  /** The generic OpenID Connect provider's button label, or null when none is configured. */
  oidc: z.nullable(z.object({ label: z.string() })),
});
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;
