import { z } from 'zod';
import { NAME_MIN, PASSWORD_MIN_LOGIN, PASSWORD_MIN_RESET } from './constants.ts';
import { authMessages, validationMessages as m } from './messages.ts';

const email = z.string().trim().toLowerCase().pipe(z.email(m.invalidEmail).max(254, m.invalidEmail));
const loginPassword = z
  .string(m.passwordMin6)
  .min(PASSWORD_MIN_LOGIN, m.passwordMin6)
  .max(256, 'Password must be at most 256 characters');
const newPassword = z
  .string(m.passwordMin8)
  .min(PASSWORD_MIN_RESET, m.passwordMin8)
  .max(256, 'Password must be at most 256 characters');

export const LoginSchema = z.object({ email: z.string(m.invalidEmail).pipe(email), password: loginPassword });
export type Login = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  name: z.string(m.nameMin2).trim().min(NAME_MIN, m.nameMin2).max(100, 'Name must be at most 100 characters'),
  email: z.string(m.invalidEmail).pipe(email),
  password: loginPassword,
});
export type Register = z.infer<typeof RegisterSchema>;

export const ResetRequestSchema = z.object({
  email: z.string(m.resetEmail).trim().toLowerCase().pipe(z.email(m.resetEmail)),
});
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

export const ResetConfirmSchema = z.object({ token: z.string().min(1, m.required), newPassword });
export type ResetConfirm = z.infer<typeof ResetConfirmSchema>;

/** The reset form on screen also checks the confirmation (product-spec §3, §5). */
export const ResetFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const ForceChangePasswordSchema = z.object({
  temp_token: z.string().min(1, m.required),
  new_password: z.string().min(PASSWORD_MIN_RESET, m.forcedPasswordTooShort).max(256),
});
export type ForceChangePassword = z.infer<typeof ForceChangePasswordSchema>;

export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, m.required),
    newPassword,
    confirmPassword: z.string().min(1, m.required),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: m.passwordMismatch,
    path: ['confirmPassword'],
  });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const VerifyQuerySchema = z.object({ token: z.string().min(1, authMessages.verifyTokenInvalid) });
export const ResendVerificationSchema = z.object({ email: z.string(m.invalidEmail).pipe(email) });

export const TokenResponseSchema = z.object({ token: z.string() });
export const MessageResponseSchema = z.object({ message: z.string() });
