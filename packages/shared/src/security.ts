// Account security (issue 18, docs/decisions/013-accounts.md): two-factor sign-in, personal API
// tokens, sessions, the audit log and the instance's settings.
import { z } from 'zod/mini';
import { singleLine } from './text.ts';

export const securityMessages = {
  codeInvalid: 'That code is not valid. Try the current code from your app, or a recovery code.',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  challengeExpired: 'Your sign-in took too long. Please log in again.',
  twoFactorRequired: 'Enter the code from your authenticator app to finish signing in.',
  twoFactorSetupRequired: 'Your organisation requires two-factor sign-in. Set it up to continue.',
  alreadyEnabled: 'Two-factor sign-in is already on.',
  notEnabled: 'Two-factor sign-in is not on.',
  setupFirst: 'Start the setup again: no two-factor secret is waiting for a first code.',
  tokenNotAllowed:
    'API tokens cannot change accounts, sign-in or security settings. Sign in to the app to do this.',
  reauthRequired: 'Confirm it is you: enter your password or a two-factor code again.',
  reauthNoPassword:
    'Your account has no password: enter a two-factor code, or sign out and sign in again and retry within 10 minutes.',
  tokenReadOnly: 'This API token is read-only.',
  tokenNameRequired: 'Name is required',
  tokenLimit: 'You have the most API tokens an account may keep. Revoke one first.',
  tokenNotFound: 'API token not found',
  sessionNotFound: 'Session not found',
  forbidden: 'Only administrators can do this.',
  invalidDate: 'Must be a date like 2026-01-31',
  ssoFailed: 'Single sign-on failed. Please try again.',
  ssoNotConfigured: 'Single sign-on is not configured on this server.',
  ssoEmailUnverified:
    'Your email address is not verified at the sign-in provider, so it cannot be linked to an existing account.',
  ssoLinkRequired:
    'An account with this email already exists. Log in to it (use “Forgot password?” if you have no password), then link single sign-on in Settings → Account.',
  ssoAlreadyLinked:
    'This account is linked to another single sign-on identity. Log in with that one or your password, and unlink it in Settings → Account to use this one.',
  googleAlreadyLinked:
    'This account is linked to another Google account. Log in with that one or your password, and unlink it in Settings → Account to use this one.',
  identityTaken: 'That identity already signs in to another Shipyard account.',
  linkExists: 'Your account is already linked to another identity there. Unlink it first.',
  lastSignInMethod:
    'Set a password first (“Forgot password?” on the sign-in page): without this link you could not sign in.',
  linkFailed: 'Linking failed. Please try again.',
} as const;

/** A TOTP code (6 digits) or a recovery code (12 letters and digits, dashes and spaces ignored). */
export const TwoFactorCodeSchema = z
  .string(securityMessages.codeRequired)
  .check(
    z.trim(),
    z.minLength(6, securityMessages.codeRequired),
    z.maxLength(32, securityMessages.codeRequired),
    singleLine(),
  );
const challengeToken = z
  .string(securityMessages.challengeExpired)
  .check(z.minLength(1, securityMessages.challengeExpired), z.maxLength(256), singleLine());

export const TwoFactorCodeBodySchema = z.object({ code: TwoFactorCodeSchema });

/**
 * POST /api/auth/reauthenticate (issue 27 #2): the account's password or a current two-factor
 * (or recovery) code, exactly one of them.
 */
export const ReauthenticateSchema = z
  .object({
    password: z.optional(
      z
        .string(securityMessages.reauthRequired)
        .check(
          z.minLength(1, securityMessages.reauthRequired),
          z.maxLength(256, 'Password must be at most 256 characters'),
        ),
    ),
    code: z.optional(TwoFactorCodeSchema),
  })
  .check(
    z.refine((v) => (v.password === undefined) !== (v.code === undefined), {
      error: securityMessages.reauthRequired,
      path: ['password'],
    }),
  );
export type Reauthenticate = z.infer<typeof ReauthenticateSchema>;
export const ChallengeBodySchema = z.object({ challenge_token: challengeToken });
export const ChallengeCodeBodySchema = z.object({
  challenge_token: challengeToken,
  code: TwoFactorCodeSchema,
});

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** An admin requires every account to have it (instance setting). */
  required: z.boolean(),
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
export const TwoFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;
export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

// ---- Personal API tokens ----

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const API_TOKENS_PER_ACCOUNT = 50;

export const ApiTokenCreateSchema = z.object({
  name: z
    .string(securityMessages.tokenNameRequired)
    .check(
      z.trim(),
      z.minLength(1, securityMessages.tokenNameRequired),
      z.maxLength(100, 'Name must be at most 100 characters'),
      singleLine(),
    ),
  scope: z.enum(API_TOKEN_SCOPES),
  /** Days until the token stops working: 7, 30, 90 or 365. */
  expires_in_days: z.union(API_TOKEN_EXPIRY_DAYS.map((d) => z.literal(d))),
});
export type ApiTokenCreate = z.infer<typeof ApiTokenCreateSchema>;

export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  created_at: z.string(),
  expires_at: z.nullable(z.string()),
  last_used_at: z.nullable(z.string()),
  last_used_ip: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export const ApiTokenListSchema = z.object({ data: z.array(ApiTokenSchema) });
/** The token itself is in this answer only: it is stored hashed. */
export const ApiTokenCreatedSchema = z.object({ token: z.string(), api_token: ApiTokenSchema });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreatedSchema>;
export const IdParamsSchema = z.object({ id: z.uuid('Not found') });

// ---- Sessions ----

export const SessionInfoSchema = z.object({
  id: z.string(),
  /** e.g. 'Firefox on Linux', from the browser's user agent. */
  browser: z.string(),
  ip: z.nullable(z.string()),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
export const SessionListSchema = z.object({ data: z.array(SessionInfoSchema) });

// ---- Audit log ----

export const AUDIT_ACTIONS = [
  'sign_in.success',
  'sign_in.failure',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.reset',
  'two_factor.recovery_code_used',
  'password.changed',
  'password.reset',
  'email.changed',
  'user.created',
  'user.deleted',
  'user.role_changed',
  'user.status_changed',
  'api_token.created',
  'api_token.revoked',
  'identity.linked',
  'identity.unlinked',
  'session.revoked',
  'service.secret_changed',
  'export',
  'settings.changed',
  // Stage gates (issue 32, docs/decisions/059-stage-gates.md): every gate decision on a product.
  'stage_gate.refused',
  'stage_gate.overridden',
  'stage_gate.passed',
  'stage_gate.approval_requested',
  'stage_gate.approved',
  'stage_gate.rejected',
  'stage_gate.confirmed',
  'stage_gate.unconfirmed',
  'stage_gate.criteria_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_PAGE_MAX = 200;
export const AUDIT_EXPORT_MAX = 50_000;

const day = z
  .string(securityMessages.invalidDate)
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, securityMessages.invalidDate));
export const AuditQuerySchema = z.object({
  action: z.optional(z.enum(AUDIT_ACTIONS)),
  actor_id: z.optional(z.uuid()),
  /** Entries about this target (a user, token, service id). */
  target_id: z.optional(z.string().check(z.maxLength(100), singleLine())),
  /** First and last calendar day (UTC), inclusive. */
  from: z.optional(day),
  to: z.optional(day),
  /** The `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.regex(/^\d{1,18}$/, 'The cursor is not valid'))),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(AUDIT_PAGE_MAX))), 50),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
export const AuditExportQuerySchema = z.omit(AuditQuerySchema, { cursor: true, limit: true });

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor_id: z.nullable(z.string()),
  actor: z.nullable(z.string()),
  target_type: z.nullable(z.string()),
  target_id: z.nullable(z.string()),
  target: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  user_agent: z.nullable(z.string()),
  details: z.nullable(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = z.object({
  data: z.array(AuditEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

// ---- Instance settings ----

// ---- Sign-in providers linked to the account (issue 27 #13) ----

export const PROVIDER_KINDS = ['google', 'oidc'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];
/** GET /api/auth/links: the providers this instance offers, and whether the account is linked to each. */
export const ProviderLinksSchema = z.object({
  data: z.array(z.object({ kind: z.enum(PROVIDER_KINDS), label: z.string(), linked: z.boolean() })),
});
export type ProviderLinks = z.infer<typeof ProviderLinksSchema>;
export const ProviderLinkStartSchema = z.object({ url: z.string() });

export const InstanceSettingsSchema = z.object({ require_two_factor: z.boolean() });
export type InstanceSettings = z.infer<typeof InstanceSettingsSchema>;
export const InstanceSettingsUpdateSchema = z.object({ require_two_factor: z.boolean() });
