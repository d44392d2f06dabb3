import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    name: text().notNull(),
    username: text(),
    avatarUrl: text(),
    position: text(),
    department: text(),
    skills: text().array().notNull().default(sql`'{}'::text[]`),
    role: text({ enum: ['guest', 'member', 'admin', 'super admin'] })
      .notNull()
      .default('member'),
    /** Null for an account that only ever signed in with Google. */
    passwordHash: text(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    mustChangePassword: boolean().notNull().default(false),
    disabledAt: timestamp({ withTimezone: true }),
    googleSub: text(),
    /** The subject at the generic OpenID Connect provider (OIDC_PROVIDER_ISSUER). */
    oidcSub: text(),
    /** The language the person reads Shipyard and their mail in (issue 33); null: the browser's. */
    language: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    uniqueIndex('users_oidc_sub_key').on(t.oidcSub),
    index('users_role_idx').on(t.role),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('users_role_known', sql`${t.role} in ('guest', 'member', 'admin', 'super admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: a stolen table gives no usable session. */
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text(),
    ip: text(),
    createdAt: createdAt(),
    /** Updated at most once a minute by the requests that use the session. */
    lastSeenAt: timestamp({ withTimezone: true }),
    /**
     * When its person last proved who they are: the sign-in, or the password or two-factor code
     * typed again (POST /api/auth/reauthenticate). Granting admin needs it recent (issue 27 #2).
     */
    authenticatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

export const authTokenPurposes = [
  'verify_email',
  'reset_password',
  'password_change',
  /** Login's second step: the password was right, a code is due (decision 013). */
  'two_factor',
  /** Login's second step when two-factor is required and the account has none: enrol first. */
  'two_factor_setup',
] as const;
export type AuthTokenPurpose = (typeof authTokenPurposes)[number];

/** Single-use tokens: e-mail verification, password reset and the forced-change temp_token. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: authTokenPurposes }).notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

/**
 * An OpenID sign-in in flight: state, nonce and PKCE verifier, consumed by the callback. A link
 * started from Settings names the session that started it (issue 27 #13): signing that session
 * out deletes the row, and with it the link in flight.
 */
export const oidcLogins = pgTable('oidc_logins', {
  state: text().primaryKey(),
  nonce: text().notNull(),
  codeVerifier: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  linkSessionId: uuid().references(() => sessions.id, { onDelete: 'cascade' }),
});

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
