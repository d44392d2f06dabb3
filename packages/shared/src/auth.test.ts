import { describe, expect, it } from 'vitest';
import {
  ChangePasswordSchema,
  ForceChangePasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetFormSchema,
} from './auth.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('account schemas carry the spec messages', () => {
  it('login and sign-up', () => {
    expect(firstMessage(LoginSchema.safeParse({ email: 'x', password: 'secret1' }))).toBe(
      'Invalid email address',
    );
    expect(firstMessage(LoginSchema.safeParse({ email: 'a@b.co', password: '12345' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(firstMessage(RegisterSchema.safeParse({ name: 'A', email: 'a@b.co', password: 'secret1' }))).toBe(
      'Name must be at least 2 characters',
    );
    expect(LoginSchema.parse({ email: ' Ada@Example.COM ', password: 'secret1' }).email).toBe(
      'ada@example.com',
    );
  });

  it('reset, forced change and password change', () => {
    const reset = ResetFormSchema.safeParse({ password: 'long-enough', confirmPassword: 'different' });
    expect(reset.error?.issues[0]).toMatchObject({
      message: "Passwords don't match",
      path: ['confirmPassword'],
    });
    expect(firstMessage(ResetFormSchema.safeParse({ password: 'short', confirmPassword: 'short' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(
      firstMessage(ForceChangePasswordSchema.safeParse({ temp_token: 't', new_password: 'short' })),
    ).toBe('Password must be at least 8 characters long');
    const change = ChangePasswordSchema.safeParse({
      currentPassword: 'x',
      newPassword: 'long-enough',
      confirmPassword: 'long-enougH',
    });
    expect(firstMessage(change)).toBe('New password and confirmation do not match.');
  });
});
