import {
  AdminCreateUserSchema,
  AdminUpdateUserSchema,
  DirectoryListSchema,
  DirectoryQuerySchema,
  LanguageUpdateSchema,
  MessageResponseSchema,
  PageQuerySchema,
  PublicUserSchema,
  RoleChangeSchema,
  UserIdParamsSchema,
  UserSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock.ts';
import { exportFileName, exportRateLimit, sendCsv } from '../../lib/csv.ts';
import { currentUser, requestMeta, requireBrowserSession, requireSession } from '../../lib/session.ts';
import type { UsersService } from './users.service.ts';

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService; clock: Clock }> = async (
  app,
  { service, clock },
) => {
  // Every users call needs a session; checked before the body so that 401 wins over 400. Every
  // change to someone's sign-in, role, status or e-mail, and creating accounts, needs a person:
  // a browser session, never an API token (issue 27 #2).
  app.addHook('onRequest', requireSession);
  const onRequest = requireBrowserSession;

  app.get(
    '/user/me',
    { schema: { tags, summary: 'The signed-in user', response: { 200: UserSchema } } },
    async (req) => service.me(currentUser(req)),
  );

  // A person's browser or a token with write scope, like the profile (a read token: 403 earlier).
  app.put(
    '/user/me/language',
    {
      schema: {
        tags,
        summary:
          "Set the signed-in user's language (issue 33): one of the app's language codes, or null to follow the browser; their mail is written in it",
        body: LanguageUpdateSchema,
        response: { 200: UserSchema },
      },
    },
    async (req) => service.setLanguage(currentUser(req), req.body.language),
  );

  app.get(
    '/user/all-users',
    {
      schema: {
        tags,
        summary: 'All users, newest first (admins)',
        querystring: PageQuerySchema,
        response: {
          200: z.object({
            data: z.array(UserSchema),
            total: z.number(),
            page: z.number(),
            limit: z.number(),
          }),
        },
      },
    },
    async (req) => service.list(currentUser(req), req.query.page, req.query.limit),
  );

  // Under /team in the spec (§7.4), but it lists accounts: it belongs with them. A static path,
  // so it wins over the teams module's /team/:teamId.
  app.get(
    '/team/all-team-members',
    {
      schema: {
        tags,
        summary: 'User Management: users with their department, role, products and skills (admins)',
        description:
          'search matches name, e-mail, system role or job title ignoring case; department is one department or all; ordered by name.',
        querystring: DirectoryQuerySchema,
        response: { 200: DirectoryListSchema },
      },
    },
    async (req) => service.directory(currentUser(req), req.query),
  );

  app.get(
    '/team/all-team-members.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary:
          'User Management as CSV with the same search and department (page and limit ignored): every user, all pages, streamed (admins)',
        querystring: DirectoryQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { total, chunks } = await service.exportDirectory(currentUser(req), req.query, requestMeta(req));
      return sendCsv(reply, { fileName: exportFileName('users', clock.now()), chunks, total });
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'One user: the whole record for admins, name and avatar for everyone else',
        params: UserIdParamsSchema,
        response: { 200: z.union([UserSchema, PublicUserSchema]) },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.post(
    '/user/admin-create-users',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Create a user with a mailed temporary password (admins; browser session only)',
        description:
          'An admin or super admin account also needs a recent sign-in: 403 REAUTH_REQUIRED otherwise (POST /api/auth/reauthenticate).',
        body: AdminCreateUserSchema,
        response: { 201: UserSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.body, requestMeta(req))),
  );

  app.patch(
    '/user/update-user',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Update a user: details, role, disabled (admins; browser session only)',
        description:
          'Granting admin or super admin needs a recent sign-in: 403 REAUTH_REQUIRED otherwise (POST /api/auth/reauthenticate). The owner (the earliest active super admin) may also change the role and status of another super admin.',
        body: AdminUpdateUserSchema,
        response: { 200: UserSchema },
      },
    },
    async (req) => service.update(currentUser(req), req.body, requestMeta(req)),
  );

  app.patch(
    '/user/:id/role',
    {
      onRequest,
      schema: {
        tags,
        summary: "Change a user's role (admins; never above your own; browser session only)",
        description: 'Granting admin or super admin needs a recent sign-in: 403 REAUTH_REQUIRED otherwise.',
        params: UserIdParamsSchema,
        body: RoleChangeSchema,
        response: { 200: UserSchema },
      },
    },
    async (req) =>
      service.update(currentUser(req), { id: req.params.id, role: req.body.role }, requestMeta(req)),
  );

  app.delete(
    '/user/:id',
    {
      onRequest,
      schema: {
        tags,
        summary: 'Delete a user (admins; browser session only)',
        params: UserIdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.remove(currentUser(req), req.params.id, requestMeta(req));
      return { message: 'User deleted' };
    },
  );

  app.post(
    '/user/:id/two-factor/reset',
    {
      onRequest,
      schema: {
        tags,
        summary:
          "Remove a user's second factor, e.g. after a lost phone (admins, below their own rank; browser session only; audited)",
        description:
          'Their sessions and API tokens end too; they sign in with their password and enrol again.',
        params: UserIdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => service.resetTwoFactor(currentUser(req), req.params.id, requestMeta(req)),
  );
};
