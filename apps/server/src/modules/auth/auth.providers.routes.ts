import {
  AuthProvidersSchema,
  MessageResponseSchema,
  ProviderLinkStartSchema,
  ProviderLinksSchema,
} from '@shipyard/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { currentUser, recentlyAuthenticated, requestMeta, requireBrowserSession } from '../../lib/session.ts';
import type { DeviceCookies } from './auth.device-cookies.ts';
import { type ProviderKind, type ProviderSignIn, providerErrors } from './auth.google.ts';
import type { ProviderLinks } from './auth.links.ts';
import { writes } from './auth.security.routes.ts';
import type { AuthService } from './auth.service.ts';

type Options = {
  service: AuthService;
  devices: DeviceCookies;
  links: ProviderLinks;
  clock: Clock;
  google: ProviderSignIn;
  /** The generic OpenID Connect provider and its button label. */
  oidc: ProviderSignIn & { label: string };
  secureCookies: boolean;
};

const tags = ['auth'];
/** The state of a round trip, bound to the browser; one cookie for signing in, one for linking. */
const STATE_COOKIE = 'sy-oidc-state';
const LINK_COOKIE = 'sy-oidc-link';
const SETTINGS = '/settings?tab=account';

/**
 * Signing in with Google or the generic OpenID Connect provider (decision 013), and linking either
 * to the signed-in account from Settings → Account (issue 27 #13): the same round trip, told
 * apart by its cookie and by the session its stored state names.
 */
export const providerRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { service, devices, links, clock, google, oidc, secureCookies } = opts;
  const providers = [
    ['google', google],
    ['oidc', oidc],
  ] as const;

  app.get(
    '/auth/providers',
    {
      schema: {
        tags,
        summary: 'The sign-in providers this instance offers, so a client shows only buttons that work',
        security: [],
        response: { 200: AuthProvidersSchema },
      },
    },
    async () => ({ google: google.configured, oidc: oidc.configured ? { label: oidc.label } : null }),
  );

  app.get(
    '/auth/links',
    {
      onRequest: requireBrowserSession,
      schema: {
        tags,
        summary: 'The sign-in providers this instance offers, and whether your account is linked to each',
        response: { 200: ProviderLinksSchema },
      },
    },
    async (req) => links.list(currentUser(req)),
  );

  for (const [kind, provider] of providers) routesOf(kind, provider);

  function routesOf(kind: ProviderKind, provider: ProviderSignIn) {
    const { prefix, notConfigured } = providerErrors[kind];
    const name = kind === 'google' ? 'Google' : 'the OpenID Connect provider (OIDC_PROVIDER_ISSUER)';
    const cookiePath = `/api/auth/${kind}`;
    const notOffered = () => new AppError(503, `${prefix}_NOT_CONFIGURED`, notConfigured);
    const bindState = (reply: FastifyReply, cookie: string, state: string) =>
      reply.setCookie(cookie, state, {
        httpOnly: true,
        // Lax: the provider sends the browser back with a cross-site top-level GET.
        sameSite: 'lax',
        secure: secureCookies,
        path: cookiePath,
        maxAge: 600,
      });

    app.get(
      `/auth/${kind}`,
      { schema: { tags, summary: `Start sign-in with ${name} (browser navigation)` } },
      async (req, reply) => {
        if (!provider.configured) {
          // The callback page shows its own text for the code (never text taken from a URL).
          if (req.headers.accept?.includes('text/html'))
            return reply.redirect(`/auth/callback?error=${prefix}_NOT_CONFIGURED`);
          throw notOffered();
        }
        const { url, state } = await provider.start();
        bindState(reply, STATE_COOKIE, state);
        return reply.redirect(url);
      },
    );

    app.post(
      `/auth/${kind}/link`,
      {
        onRequest: [requireBrowserSession, recentlyAuthenticated(clock)],
        config: writes,
        schema: {
          tags,
          summary: `Start linking ${name} to your account: answers the provider's URL to send the browser to`,
          description: `Browser session only, signed in or re-authenticated in the last 10 minutes (403 REAUTH_REQUIRED). 409 ${prefix}_ALREADY_LINKED when the account is linked to another identity there: unlink it first. The callback returns to /settings?tab=account with linked=${kind}, or link_error=<code>.`,
          response: { 200: ProviderLinkStartSchema },
        },
      },
      async (req, reply) => {
        const actor = currentUser(req);
        if (!provider.configured) throw notOffered();
        links.checkLinkable(actor, kind);
        const { url, state } = await provider.start(actor.sessionId);
        bindState(reply, LINK_COOKIE, state);
        return { url };
      },
    );

    app.delete(
      `/auth/${kind}/link`,
      {
        onRequest: requireBrowserSession,
        config: writes,
        schema: {
          tags,
          summary: `Unlink ${name} from your account (409 LAST_SIGN_IN_METHOD when it is the only way you sign in)`,
          response: { 200: MessageResponseSchema },
        },
      },
      async (req) => links.unlink(currentUser(req), kind, requestMeta(req)),
    );

    app.get(
      `/auth/${kind}/callback`,
      {
        schema: {
          tags,
          summary: `${name} callback: signs in and returns to /auth/callback, or finishes a link and returns to Settings`,
        },
      },
      async (req, reply) => {
        const state = new URL(req.url, 'http://callback').searchParams.get('state');
        const linkState = req.cookies[LINK_COOKIE];
        if (state !== null && state === linkState) {
          reply.clearCookie(LINK_COOKIE, { path: cookiePath });
          try {
            await links.link(kind, await provider.finishLink(req.url, linkState), requestMeta(req));
            return reply.redirect(`${SETTINGS}&linked=${kind}`);
          } catch (err) {
            if (!(err instanceof AppError)) req.log.error({ err }, `${kind} link failed`);
            const code = err instanceof AppError ? err.code : `${prefix}_FAILED`;
            return reply.redirect(`${SETTINGS}&link_error=${encodeURIComponent(code)}`);
          }
        }
        reply.clearCookie(STATE_COOKIE, { path: cookiePath });
        try {
          const userId = await provider.finishSignIn(req.url, req.cookies[STATE_COOKIE]);
          await devices.signIn(req, reply, await service.providerSignIn(userId, requestMeta(req), kind));
          return reply.redirect('/auth/callback');
        } catch (err) {
          const challenge = secondStepRedirect(err);
          if (challenge) return reply.redirect(challenge);
          if (!(err instanceof AppError)) req.log.error({ err }, `${kind} sign-in failed`);
          const code = err instanceof AppError ? err.code : `${prefix}_FAILED`;
          await service.providerFailed(kind, code, requestMeta(req)).catch((auditErr: unknown) => {
            req.log.error({ err: auditErr }, 'audit of a refused sign-in failed');
          });
          return reply.redirect(`/auth/callback?error=${encodeURIComponent(code)}`);
        }
      },
    );
  }
};

/**
 * Where a provider sign-in that needs a code (or enrolment) continues: the sign-in page, with the
 * short-lived challenge (redacted from logs as a `…token` query value).
 */
function secondStepRedirect(err: unknown): string | undefined {
  if (!(err instanceof AppError)) return undefined;
  const step = { TWO_FACTOR_REQUIRED: 'code', TWO_FACTOR_SETUP_REQUIRED: 'setup' }[err.code];
  const token = (err.details as { challenge_token?: unknown } | undefined)?.challenge_token;
  if (!step || typeof token !== 'string') return undefined;
  return `/auth?step=${step}&challenge_token=${encodeURIComponent(token)}`;
}
