import {
  CandidateListSchema,
  CandidateQuerySchema,
  CreateTeamSchema,
  InviteMemberSchema,
  InviteParamsSchema,
  MessageResponseSchema,
  RemoveMemberParamsSchema,
  SetLeadSchema,
  TeamDetailSchema,
  TeamIdParamsSchema,
  TeamListSchema,
  TeamMemberSchema,
  TeamProductParamsSchema,
  TeamSchema,
  teamMessages,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { exportRateLimit, sendCsv } from '../../lib/csv.ts';
import { perUserRateLimit } from '../../lib/per-user-rate-limit.ts';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { TeamsService } from './teams.service.ts';

const tags = ['teams'];
/** Per account: enough for a person typing, not for walking the directory (decision 010). */
const CANDIDATE_SEARCHES_PER_MINUTE = 60;

export const teamsRoutes: FastifyPluginAsyncZod<{
  service: TeamsService;
  invitesPerHour: number;
  clock: Clock;
}> = async (app, { service, invitesPerHour, clock }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/team',
    {
      schema: {
        tags,
        summary: 'Every team of the products the caller may see, newest first (at most 200)',
        response: { 200: TeamListSchema },
      },
    },
    async (req) => service.list(currentUser(req)),
  );

  app.get(
    '/team/project/:productId/teams',
    {
      schema: {
        tags,
        summary: "A product's teams, newest first (at most 200)",
        params: TeamProductParamsSchema,
        response: { 200: TeamListSchema },
      },
    },
    async (req) => service.listForProduct(currentUser(req), req.params.productId),
  );

  app.post(
    '/team/:productId/create-team',
    {
      schema: {
        tags,
        summary:
          "Create a team in a product (admins and members who see it, not guests); the creator becomes its active lead; records 'team_created'",
        params: TeamProductParamsSchema,
        body: CreateTeamSchema,
        response: { 201: TeamSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.params.productId, req.body)),
  );

  app.get(
    '/team/:teamId',
    {
      schema: {
        tags,
        summary:
          'One team and its members (active first, then invited, pending, suspended; by name); seen by whoever sees its product or is in it',
        params: TeamIdParamsSchema,
        response: { 200: TeamDetailSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.teamId),
  );

  app.get(
    '/team/:teamId/members.csv',
    {
      config: exportRateLimit(),
      schema: {
        tags,
        summary:
          "The team's members as CSV, as its page lists them; seen by whoever sees the team (404 otherwise)",
        params: TeamIdParamsSchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { fileName, chunks, total } = await service.exportMembers(
        currentUser(req),
        req.params.teamId,
        clock.now(),
      );
      return sendCsv(reply, { fileName, chunks, total });
    },
  );

  app.get(
    '/team/:teamId/candidates',
    {
      config: perUserRateLimit(
        CANDIDATE_SEARCHES_PER_MINUTE,
        '1 minute',
        `You can search for people at most ${CANDIDATE_SEARCHES_PER_MINUTE} times a minute. Please wait a minute and try again.`,
        'SEARCH_RATE_LIMITED',
      ),
      schema: {
        tags,
        summary:
          'Enabled, verified users not yet in the team, by name; for those who manage the team. Admins: whose name or e-mail contains the search (at most 20). Others (restricted): by exact e-mail, or by the start of a name or of a word in it (at least 3 letters; at most 5, e-mails masked); an empty or shorter search lists nobody (docs/decisions/011-people-search.md)',
        params: TeamIdParamsSchema,
        querystring: CandidateQuerySchema,
        response: { 200: CandidateListSchema },
      },
    },
    async (req) => service.candidates(currentUser(req), req.params.teamId, req.query.search),
  );

  app.delete(
    '/team/:teamId',
    {
      schema: {
        tags,
        summary:
          "Delete a team (admins, the product's creator, the team's lead); its tasks keep no team; records 'team_deleted'",
        params: TeamIdParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.remove(currentUser(req), req.params.teamId);
      return { message: teamMessages.deleted };
    },
  );

  app.patch(
    '/team/:teamId/lead',
    {
      schema: {
        tags,
        summary:
          "Make an active member (memberId: their user id) the team's lead instead of the previous one; records 'team_lead_changed' and notifies them",
        params: TeamIdParamsSchema,
        body: SetLeadSchema,
        response: { 200: TeamDetailSchema },
      },
    },
    async (req) => service.setLead(currentUser(req), req.params.teamId, req.body.memberId),
  );

  app.delete(
    '/team/:teamId/remove/:userId',
    {
      schema: {
        tags,
        summary:
          "Remove a member or withdraw an invitation (those who manage the team), or leave / decline (one's own row); records 'team_member_removed'",
        params: RemoveMemberParamsSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (req) => {
      await service.removeMember(currentUser(req), req.params.teamId, req.params.userId);
      return { message: teamMessages.memberRemoved };
    },
  );

  app.post(
    '/team/:teamId/:projectId/invite',
    {
      config: perUserRateLimit(
        invitesPerHour,
        '1 hour',
        `You can send at most ${invitesPerHour} team invitations per hour. Please try again later.`,
        'INVITE_RATE_LIMITED',
      ),
      schema: {
        tags,
        summary:
          "Invite an existing user to the team with a role: an 'invited' member and an INVITE notification (a repeat within 10 minutes updates that notification); records 'member_added'. At most INVITE_RATE_PER_HOUR (default 60) per account per hour (429)",
        params: InviteParamsSchema,
        body: InviteMemberSchema,
        response: { 201: TeamMemberSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.invite(currentUser(req), req.params.teamId, req.params.projectId, req.body)),
  );

  app.patch(
    '/team/:teamId/accept',
    {
      schema: {
        tags,
        summary:
          "Accept the caller's invitation: the membership becomes active (the product becomes visible), the INVITE notifications are read, the inviter is notified; records 'team_member_added'",
        params: TeamIdParamsSchema,
        response: { 200: TeamMemberSchema },
      },
    },
    async (req) => service.accept(currentUser(req), req.params.teamId),
  );
};
