import { authMessages, type ProviderKind, securityMessages } from '@shipyard/shared';
import type * as Oidc from 'openid-client';
import type { Clock } from '../../lib/clock.ts';
import { AppError, ServiceUnavailable } from '../../lib/errors.ts';
import type { AccountsService, GoogleIdentity } from './auth.accounts.ts';
import type { AuthRepository } from './auth.repository.ts';

// Sign-in through OpenID Connect, for Google and for one generic provider configured by
// environment (decision 013): authorization code with PKCE, state and nonce. The state is both
// stored (single use, 10 minutes) and bound to the browser by a cookie. The same round trip links
// an identity to a signed-in account from Settings (issue 27 #13): its stored state names the
// session that started it.

type GoogleConfig = { clientId: string; clientSecret: string; issuer: string };

export type { ProviderKind };

type Deps = {
  kind: ProviderKind;
  provider: GoogleConfig | undefined;
  appUrl: string;
  tokens: AuthRepository;
  accounts: AccountsService;
  clock: Clock;
};

/** Each provider's error codes (the callback page shows its own text for them) and messages. */
export const providerErrors = {
  google: {
    prefix: 'GOOGLE',
    failed: authMessages.googleFailed,
    notConfigured: authMessages.googleNotConfigured,
  },
  oidc: {
    prefix: 'OIDC',
    failed: securityMessages.ssoFailed,
    notConfigured: securityMessages.ssoNotConfigured,
  },
} as const;

const LOGIN_TTL_MS = 10 * 60 * 1000;

/** openid-client is loaded with the first sign-in through a provider, not at start (issue 17). */
const loadOidc = () => import('openid-client');

export function createProviderSignIn({ kind, provider: google, appUrl, tokens, accounts, clock }: Deps) {
  const redirectUri = `${appUrl}/api/auth/${kind}/callback`;
  const errors = providerErrors[kind];
  const failed = (what: string) => new AppError(401, `${errors.prefix}_${what}`, errors.failed);
  let discovered: Promise<Oidc.Configuration> | undefined;

  async function configuration(): Promise<Oidc.Configuration> {
    if (!google) throw ServiceUnavailable(errors.notConfigured, `${errors.prefix}_NOT_CONFIGURED`);
    const oidc = await loadOidc();
    const issuer = new URL(google.issuer);
    // Plain http only ever means a local test provider; production issuers are https.
    const options = issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
    discovered ??= oidc
      .discovery(issuer, google.clientId, google.clientSecret, undefined, options)
      .catch((err) => {
        discovered = undefined; // try again on the next sign-in rather than caching a failure
        throw err;
      });
    return discovered;
  }

  return {
    configured: google !== undefined,

    /**
     * Where to send the browser, and the state to bind to it with a cookie. `linkSessionId`: the
     * round trip links the identity to that session's account instead of signing in.
     */
    async start(linkSessionId?: string) {
      const config = await configuration();
      const oidc = await loadOidc();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await tokens.saveOidcLogin(
        {
          state,
          nonce,
          codeVerifier,
          expiresAt: new Date(clock.now().getTime() + LOGIN_TTL_MS),
          linkSessionId: linkSessionId ?? null,
        },
        clock.now(),
      );
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state };
    },

    /** Completes a sign-in's code exchange and returns the signed-in account's id. */
    async finishSignIn(callbackPath: string, cookieState: string | undefined) {
      const { identity } = await exchange(callbackPath, cookieState, false);
      return accounts.signInWithProvider(kind, identity);
    },

    /** Completes a link's code exchange: the identity, and the session that asked to link it. */
    async finishLink(callbackPath: string, cookieState: string | undefined) {
      const { identity, linkSessionId } = await exchange(callbackPath, cookieState, true);
      return { identity, sessionId: linkSessionId as string };
    },
  };

  /**
   * The identity the provider vouches for at the callback. A state started to link is refused
   * to a sign-in callback and the other way round: each has its own cookie.
   */
  async function exchange(callbackPath: string, cookieState: string | undefined, linking: boolean) {
    const config = await configuration();
    const oidc = await loadOidc();
    // Built from APP_URL, never from the request's Host header.
    const current = new URL(callbackPath, appUrl);
    const state = current.searchParams.get('state');
    if (current.searchParams.has('error')) {
      // Not the provider's error_description: anyone can put text in this URL.
      throw failed('DENIED');
    }
    if (!state || state !== cookieState) throw failed('STATE');
    const login = await tokens.takeOidcLogin(state, clock.now());
    if (!login || (login.linkSessionId !== null) !== linking) throw failed('STATE');
    let claims: Oidc.IDToken | undefined;
    try {
      const result = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      claims = result.claims();
    } catch {
      throw failed('FAILED');
    }
    if (!claims?.sub || typeof claims.email !== 'string') throw failed('FAILED');
    const identity: GoogleIdentity = {
      sub: claims.sub,
      email: claims.email.toLowerCase(),
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name : undefined,
      picture: typeof claims.picture === 'string' ? claims.picture : undefined,
    };
    return { identity, linkSessionId: login.linkSessionId };
  }
}

export type ProviderSignIn = ReturnType<typeof createProviderSignIn>;
