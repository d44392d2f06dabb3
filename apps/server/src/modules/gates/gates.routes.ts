import {
  GateCandidatesSchema,
  GateCriterionParamsSchema,
  GateDecisionSchema,
  GateStageParamsSchema,
  ProductGatesSchema,
  ProductIdParamsSchema,
  PutGateSchema,
  WorkspaceGateParamsSchema,
  WorkspaceGatesSchema,
} from '@shipyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { currentUser, requireSession } from '../../lib/session.ts';
import type { GatesService } from './gates.service.ts';

const tags = ['stage gates'];
const editors = 'by the product’s creator or an admin (others: 403; archived product: 409)';
const actors = 'by anyone who sees the product but a guest (guests: 403; archived product: 409)';
const ConfirmSchema = z.object({ confirmed: z.boolean() });

export const gatesRoutes: FastifyPluginAsyncZod<{ service: GatesService }> = async (app, { service }) => {
  app.addHook('onRequest', requireSession);

  app.get(
    '/projects/:id/gates',
    {
      schema: {
        tags,
        summary:
          'A product’s exit criteria per stage (its own or the workspace default) and the state of its current stage’s, to whoever sees it',
        params: ProductIdParamsSchema,
        response: { 200: ProductGatesSchema },
      },
    },
    async (req) => service.get(currentUser(req), req.params.id),
  );

  app.get(
    '/projects/:id/gates/approver-candidates',
    {
      schema: {
        tags,
        summary:
          'The people an approval criterion of this product may name (who see it: its creator, team members, admins), to whoever sees it',
        params: ProductIdParamsSchema,
        response: { 200: GateCandidatesSchema },
      },
    },
    async (req) => service.candidates(currentUser(req), req.params.id),
  );

  app.put(
    '/projects/:id/gates/:stage',
    {
      schema: {
        tags,
        summary: `Customise a stage’s exit criteria for this product (at most 20) ${editors}`,
        params: GateStageParamsSchema,
        body: PutGateSchema,
        response: { 200: ProductGatesSchema },
      },
    },
    async (req) =>
      service.putProductStage(currentUser(req), req.params.id, req.params.stage, req.body.criteria),
  );

  app.delete(
    '/projects/:id/gates/:stage',
    {
      schema: {
        tags,
        summary: `Reset a stage’s exit criteria to the workspace default ${editors}`,
        params: GateStageParamsSchema,
        response: { 200: ProductGatesSchema },
      },
    },
    async (req) => service.resetProductStage(currentUser(req), req.params.id, req.params.stage),
  );

  app.put(
    '/projects/:id/gates/criteria/:criterionId/confirmation',
    {
      schema: {
        tags,
        summary: `Confirm (or take back) a manual item of the current stage’s exit criteria ${actors}`,
        params: GateCriterionParamsSchema,
        body: ConfirmSchema,
        response: { 200: ProductGatesSchema },
      },
    },
    async (req) =>
      service.confirm(currentUser(req), req.params.id, req.params.criterionId, req.body.confirmed),
  );

  app.post(
    '/projects/:id/gates/criteria/:criterionId/approval-request',
    {
      schema: {
        tags,
        summary: `Ask the approvers of an approval criterion (those who see the product) to decide, ${actors}`,
        params: GateCriterionParamsSchema,
        response: { 200: ProductGatesSchema },
      },
    },
    async (req) => service.requestApproval(currentUser(req), req.params.id, req.params.criterionId),
  );

  app.post(
    '/projects/:id/gates/criteria/:criterionId/decision',
    {
      schema: {
        tags,
        summary:
          'Approve or reject an approval criterion of the current stage, with an optional comment; by its approvers only (others: 403)',
        params: GateCriterionParamsSchema,
        body: GateDecisionSchema,
        response: { 200: ProductGatesSchema },
      },
    },
    async (req) => service.decide(currentUser(req), req.params.id, req.params.criterionId, req.body),
  );

  app.get(
    '/stage-gates',
    {
      schema: {
        tags,
        summary: 'The workspace’s default exit criteria per stage, to any signed-in user',
        response: { 200: WorkspaceGatesSchema },
      },
    },
    async (req) => service.workspace(currentUser(req)),
  );

  app.put(
    '/stage-gates/:stage',
    {
      schema: {
        tags,
        summary: 'Set the workspace’s default exit criteria of a stage (at most 20), by admins (others: 403)',
        params: WorkspaceGateParamsSchema,
        body: PutGateSchema,
        response: { 200: WorkspaceGatesSchema },
      },
    },
    async (req) => service.putWorkspace(currentUser(req), req.params.stage, req.body.criteria),
  );
};
