import {
  ApiTokenCreatedSchema,
  ApiTokenCreateSchema,
  ApiTokenListSchema,
  ChallengeBodySchema,
  ChallengeCodeBodySchema,
  IdParamsSchema,
  MessageResponseSchema,
  ReauthenticateSchema,
  RecoveryCodesSchema,
  SessionListSchema,
  TwoFactorCodeBodySchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
  UserSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requestMeta, requireBrowserSession } from '../../lib/session.ts';
import { describeUserAgent } from '../../lib/user-agent.ts';
import type { SessionStore } from '../../platform/session.ts';
import type { ApiTokens } from './auth.api-tokens.ts';
import type { DeviceCookies } from './auth.device-cookies.ts';
import type { createReauthentication } from './auth.reauth.ts';
import type { AuthService } from './auth.service.ts';
import type { TwoFactor } from './auth.two-factor.ts';

type Options = {
  service: AuthService;
  twoFactor: TwoFactor;
  apiTokens: ApiTokens;
  sessions: SessionStore;
  devices: DeviceCookies;
  reauthenticate: ReturnType<typeof createReauthentication>;
  /** Login's per-address limit, also on its second step. */
  loginPerMinute: number;
};

const tags = ['account security'];
// Each route names requireBrowserSession itself (it answers 401 without a session too): never
// one shared hook array, into which @fastify/rate-limit would push every limited route's hook.
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
/** Account-security writes per account: generous for a person, a wall for a script. */
export const writes = perUserRateLimit(
  30,
  '1 minute',
  'Too many changes. Please wait a minute and try again.',
  'RATE_LIMITED',
);

/**
 * Two-factor sign-in, personal API tokens and the account's sessions (decision 013). Every
 * signed-in call here needs a browser session: an API token cannot manage account security.
 */
export const securityRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { service, twoFactor, apiTokens, sessions, devices, reauthenticate, loginPerMinute } = opts;

  // ---- Login's second step (signed out: the challenge from POST /auth/login) ----

  app.post(
    '/auth/login/two-factor',
    {
      config: perMinute(loginPerMinute),
      schema: {
        tags,
        summary: 'Finish signing in with a TOTP or recovery code; sets the sec-prd-token cookie',
        description:
          'challenge_token is details.challenge_token of the 403 TWO_FACTOR_REQUIRED that POST /api/auth/login answered; it lasts 5 minutes and survives a wrong code. Wrong codes: 5 per account per 15 minutes, then 429.',
        security: [],
        body: ChallengeCodeBodySchema,
        response: { 200: z.object({ token: z.string(), user: UserSchema }) },
      },
    },
    async (req, reply) => {
      const result = await service.loginWithCode(req.body, requestMeta(req));
      await devices.signIn(req, reply, result);
      return result;
    },
  );

  app.post(
    '/auth/login/two-factor/setup',
    {
      config: perMinute(loginPerMinute),
      schema: {
        tags,
        summary: 'Enrol during sign-in when two-factor is required: a new TOTP secret',
        description:
          'challenge_token is details.challenge_token of the 403 TWO_FACTOR_SETUP_REQUIRED from login.',
        security: [],
        body: ChallengeBodySchema,
        response: { 200: TwoFactorSetupSchema },
      },
    },
    async (req) => service.loginSetup(req.body),
  );

  app.post(
    '/auth/login/two-factor/enable',
    {
      config: perMinute(loginPerMinute),
      schema: {
        tags,
        summary:
          'Enrol during sign-in: the first code turns two-factor on, answers the recovery codes and signs in',
        security: [],
        body: ChallengeCodeBodySchema,
        response: {
          200: z.object({ token: z.string(), user: UserSchema, recovery_codes: z.array(z.string()) }),
        },
      },
    },
    async (req, reply) => {
      const result = await service.loginEnable(req.body, requestMeta(req));
      await devices.signIn(req, reply, result);
      return result;
    },
  );

  // ---- Re-authentication (issue 27 #2) ----

  app.post(
    '/auth/reauthenticate',
    {
      onRequest: requireBrowserSession,
      config: perMinute(loginPerMinute),
      schema: {
        tags,
        summary:
          'Type your password or a two-factor code again: for 10 minutes this session may do what needs a recent sign-in',
        description:
          'Granting admin or super admin and linking a sign-in provider answer 403 REAUTH_REQUIRED when this session last signed in or re-authenticated more than 10 minutes ago (details.password: whether the account has a password). Send exactly one of password and code. Wrong passwords: 5 per account per 15 minutes (shared with change-password), then 429.',
        body: ReauthenticateSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => reauthenticate(currentUser(req), req.body, requestMeta(req)),
  );

  // ---- Two-factor of the signed-in account ----

  app.get(
    '/auth/two-factor',
    {
      onRequest: requireBrowserSession,
      schema: {
        tags,
        summary: 'Whether two-factor sign-in is on, and recovery codes left',
        response: { 200: TwoFactorStatusSchema },
      },
    },
    async (req) => twoFactor.status(currentUser(req)),
  );

  app.post(
    '/auth/two-factor/setup',
    {
      onRequest: requireBrowserSession,
      config: writes,
      schema: {
        tags,
        summary: 'Start enrolling: a new TOTP secret and its otpauth:// URL (for the QR code)',
        response: { 200: TwoFactorSetupSchema },
      },
    },
    async (req) => twoFactor.beginSetup(currentUser(req)),
  );

  app.post(
    '/auth/two-factor/enable',
    {
      onRequest: requireBrowserSession,
      config: writes,
      schema: {
        tags,
        summary: 'Turn two-factor on with the first code; answers ten one-time recovery codes, shown once',
        body: TwoFactorCodeBodySchema,
        response: { 200: RecoveryCodesSchema },
      },
    },
    async (req) => twoFactor.enable(currentUser(req), req.body.code, requestMeta(req)),
  );

  app.post(
    '/auth/two-factor/disable',
    {
      onRequest: requireBrowserSession,
      config: writes,
      schema: {
        tags,
        summary: 'Turn two-factor off with a current code or a recovery code',
        body: TwoFactorCodeBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => twoFactor.disable(currentUser(req), req.body.code, requestMeta(req)),
  );

  // ---- Personal API tokens ----

  app.get(
    '/auth/tokens',
    {
      onRequest: requireBrowserSession,
      schema: {
        tags,
        summary: 'Your personal API tokens, newest first (never the token itself)',
        response: { 200: ApiTokenListSchema },
      },
    },
    async (req) => ({ data: await apiTokens.list(currentUser(req)) }),
  );

  app.post(
    '/auth/tokens',
    {
      onRequest: requireBrowserSession,
      config: writes,
      schema: {
        tags,
        summary: 'Create a personal API token; the token is in this answer only',
        description:
          'Send it as `Authorization: Bearer sy_pat_…`. A read token may only call GET; neither may manage account security. At most 50 per account.',
        body: ApiTokenCreateSchema,
        response: { 201: ApiTokenCreatedSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await apiTokens.create(currentUser(req), req.body, requestMeta(req))),
  );

  app.delete(
    '/auth/tokens/:id',
    {
      onRequest: requireBrowserSession,
      config: writes,
      schema: {
        tags,
        summary: 'Revoke one of your API tokens, at once',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => apiTokens.revoke(currentUser(req), req.params.id, requestMeta(req)),
  );

  // ---- Sessions ----

  app.get(
    '/auth/sessions',
    {
      onRequest: requireBrowserSession,
      schema: {
        tags,
        summary: 'Your signed-in sessions, most recently used first',
        response: { 200: SessionListSchema },
      },
    },
    async (req) => {
      const actor = currentUser(req);
      const rows = await sessions.list(actor.id);
      return {
        data: rows.map((row) => ({
          id: row.id,
          browser: describeUserAgent(row.userAgent),
          ip: row.ip,
          created_at: row.createdAt.toISOString(),
          last_seen_at: (row.lastSeenAt ?? row.createdAt).toISOString(),
          current: row.id === actor.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: requireBrowserSession,
      config: writes,
      schema: {
        tags,
        summary: 'End one of your sessions',
        params: IdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => service.endSession(currentUser(req), req.params.id, requestMeta(req)),
  );

  app.delete(
    '/auth/sessions',
    {
      onRequest: requireBrowserSession,
      config: writes,
      schema: { tags, summary: 'End every session but this one', response: { 200: MessageResponseSchema } },
    },
    async (req) => service.endOtherSessions(currentUser(req), requestMeta(req)),
  );
};
