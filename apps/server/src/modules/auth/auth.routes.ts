import type { Readable } from 'node:stream';
import {
  AVATAR_MAX_BYTES,
  authMessages,
  ChangePasswordSchema,
  ForceChangePasswordSchema,
  LoginSchema,
  MessageResponseSchema,
  ProfileUpdateSchema,
  RegisterSchema,
  ResendVerificationSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
  TokenResponseSchema,
  UserSchema,
  userMessages,
  VerifyQuerySchema,
} from '@shipyard/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { declaredLength } from '../../lib/receive-upload.ts';
import {
  clearSessionCookie,
  currentUser,
  requestMeta,
  requireBrowserSession,
  requireSession,
} from '../../lib/session.ts';
import type { RateLimits } from '../../platform/rate-limit.ts';
import { uploadRateLimit } from '../../platform/uploads.ts';
import type { AvatarService } from './auth.avatar.ts';
import type { DeviceCookies } from './auth.device-cookies.ts';
import type { AuthService } from './auth.service.ts';

type Options = {
  service: AuthService;
  avatars: AvatarService;
  /** Sets the session and device cookies of a sign-in (issue 27 #14). */
  devices: DeviceCookies;
  secureCookies: boolean;
  rateLimits: RateLimits;
  /** Avatar uploads per account per hour (UPLOAD_RATE_PER_HOUR). */
  uploadsPerHour: number;
};

const tags = ['auth'];
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { service, avatars, devices, secureCookies, rateLimits, uploadsPerHour } = opts;

  app.post(
    '/auth/register',
    {
      config: perMinute(rateLimits.register),
      schema: {
        tags,
        summary: 'Create an account; a verification link is mailed',
        description:
          'Answers the same whether or not the e-mail already has an account: a new address is mailed its verification link, a taken one a note to its owner (docs/decisions/010-account-security.md).',
        body: RegisterSchema,
        response: { 201: MessageResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.register(req.body)),
  );

  app.get(
    '/auth/verify',
    {
      config: perMinute(rateLimits.verify),
      schema: {
        tags,
        summary: 'Verify an e-mail address with the mailed single-use token',
        querystring: VerifyQuerySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => service.verifyEmail(req.query.token),
  );

  app.post(
    '/auth/resend-verification',
    {
      config: perMinute(rateLimits.resend),
      schema: {
        tags,
        summary: 'Mail a new verification link (same answer whether or not the account exists)',
        body: ResendVerificationSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => service.resendVerification(req.body.email),
  );

  app.post(
    '/auth/login',
    {
      config: perMinute(rateLimits.login),
      schema: {
        tags,
        summary: 'Sign in; sets the sec-prd-token cookie',
        description:
          'When the account must change its password, answers 403 PASSWORD_CHANGE_REQUIRED with details.temp_token for PATCH /api/auth/force-change-password.',
        body: LoginSchema,
        response: { 200: z.object({ token: z.string(), user: UserSchema }) },
      },
    },
    async (req, reply) => {
      const result = await service.login(req.body, requestMeta(req), devices.sourceOf(req, req.body.email));
      await devices.signIn(req, reply, result);
      return result;
    },
  );

  app.patch(
    '/auth/force-change-password',
    {
      config: perMinute(rateLimits.login),
      schema: {
        tags,
        summary: 'Replace a temporary password using the temp_token from login',
        body: ForceChangePasswordSchema,
        response: { 200: TokenResponseSchema },
      },
    },
    async (req, reply) => {
      const result = await service.forceChangePassword(req.body, requestMeta(req));
      await devices.signIn(req, reply, result);
      return { token: result.token };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: perMinute(rateLimits.reset),
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: ResetRequestSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => service.requestPasswordReset(req.body.email),
  );

  app.post(
    '/auth/reset-password/confirm',
    {
      config: perMinute(rateLimits.reset),
      schema: {
        tags,
        summary: 'Set a new password with the mailed token; ends every session',
        body: ResetConfirmSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => service.confirmPasswordReset(req.body, requestMeta(req)),
  );

  app.patch(
    '/auth/change-password',
    {
      onRequest: [requireSession, requireBrowserSession],
      config: perMinute(rateLimits.login),
      schema: {
        tags,
        summary: 'Change the password while signed in; ends the other sessions and revokes every API token',
        body: ChangePasswordSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => service.changePassword(currentUser(req), req.body, requestMeta(req)),
  );

  app.patch(
    '/auth/profile',
    {
      onRequest: requireSession,
      schema: {
        tags,
        summary:
          "Update username, full name and avatar of the signed-in user; avatar_url is one of the account's own uploads, or empty to remove it",
        body: ProfileUpdateSchema,
        response: { 200: UserSchema },
      },
    },
    async (req) => {
      const actor = currentUser(req);
      await avatars.checkProfileValue(actor, req.body.avatar_url);
      const { user, replacedAvatarUrl } = await service.updateProfile(actor, req.body);
      await avatars.afterProfileUpdate(actor, replacedAvatarUrl, user);
      return user;
    },
  );

  app.post(
    '/auth/avatar',
    {
      onRequest: requireSession,
      config: uploadRateLimit(uploadsPerHour),
      schema: {
        tags,
        summary:
          'Upload an avatar image (PNG, JPEG, GIF or WebP, at most 2 MB) as multipart field "file"; within the upload quota (413) and the uploads per hour (429) of the account. It replaces the previous avatar, whose file is removed if this account uploaded it',
        consumes: ['multipart/form-data'],
        response: { 200: UserSchema },
      },
    },
    async (req) => {
      const actor = currentUser(req);
      return avatars.replace(actor, await readAvatar(req), declaredLength(req));
    },
  );

  app.get(
    '/uploads/avatars/:name',
    { schema: { tags, summary: 'An uploaded avatar', params: z.object({ name: z.string() }) } },
    async (req, reply) => {
      const file = avatars.fileOf(req.params.name);
      if (!file) throw new AppError(404, 'NOT_FOUND', 'Avatar not found');
      const stored = await avatars.read(file.name);
      if (!stored) throw new AppError(404, 'NOT_FOUND', 'Avatar not found');
      return reply
        .type(file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', stored.size)
        .send(stored.body);
    },
  );

  app.post(
    '/auth/signout',
    {
      // Outside the write budget (platform/rate-limit.ts): signing out must always work, and
      // it ends the session that made the call, so it cannot be repeated.
      config: { rateLimit: false },
      schema: {
        tags,
        summary: 'End this session and clear the cookie',
        response: { 200: MessageResponseSchema },
      },
    },
    async (req, reply) => {
      if (req.sessionUser) await service.signOut(req.sessionUser);
      clearSessionCookie(reply, secureCookies);
      return { message: authMessages.signedOut };
    },
  );
};

/** The image part as a stream, cut one byte past the limit so the service sees it is too large. */
async function readAvatar(req: FastifyRequest): Promise<Readable> {
  const file = await req.file({
    limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1 },
    throwFileSizeLimit: false,
  });
  if (!file) throw new AppError(400, 'FILE_MISSING', userMessages.avatarMissing);
  return file.file;
}
