import { describe, expect, it } from 'vitest';
import { AdminCreateUserSchema, AdminUpdateUserSchema } from './users.ts';

describe('admin user schemas', () => {
  const id = '0b9b8c1e-6a1f-4b8e-9d3a-2f1e4c5d6a7b';
  const long = `${'a'.repeat(250)}@example.com`;

  it('refuse an e-mail longer than 254 characters, on create and on edit', () => {
    expect(AdminCreateUserSchema.safeParse({ name: 'Ada Lovelace', email: long }).success).toBe(false);
    expect(AdminUpdateUserSchema.safeParse({ id, email: long }).success).toBe(false);
    expect(AdminUpdateUserSchema.safeParse({ id, email: 'ada@example.com' }).success).toBe(true);
  });

  it('refuse a name on more than one line', () => {
    expect(AdminUpdateUserSchema.safeParse({ id, name: 'Ada\r\nBcc: x@example.com' }).success).toBe(false);
  });
});
