import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration } from 'oidc-provider';
import { afterAll, beforeAll } from 'vitest';
import { madeInBeforeAll } from './http.ts';

// A real OpenID provider (oidc-provider) on a free loopback port, standing in for Google, and a
// fetch-driven "browser" that signs in through its development login and consent pages.
// Each test decides who signs in: the login typed on the provider's page picks an identity, and
// that login is also the account's `sub`.

/** Claims of one account at the provider; its login name is also its account id and `sub`. */
export type TestIdentity = {
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
};

export type TestClient = { clientId: string; clientSecret: string; redirectUri: string };

export type TestOidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/**
 * A provider for the tests of a file (or describe block), started in beforeAll and closed in
 * afterAll; an app configured from it comes after: `useTestApp(() => ({ env: op.env }))`.
 */
export function useOidcProvider(client: TestClient): TestOidcProvider {
  let op: TestOidcProvider | undefined;
  beforeAll(async () => {
    op = await startOidcProvider(client);
  });
  afterAll(() => op?.close());
  return madeInBeforeAll(() => op, 'the OpenID provider');
}

/** Runs `fn` with oidc-provider's console WARNING/NOTICE lines (dev-only features, Node 20 runtime) dropped. */
async function withoutProviderNotices<T>(fn: () => Promise<T>): Promise<T> {
  const { warn, info } = console;
  const filter =
    (write: (...args: unknown[]) => void) =>
    (...args: unknown[]) => {
      if (typeof args[0] === 'string' && args[0].includes('oidc-provider ')) return;
      write(...args);
    };
  console.warn = filter(warn);
  console.info = filter(info);
  try {
    return await fn();
  } finally {
    console.warn = warn;
    console.info = info;
  }
}

async function startOidcProvider(client: TestClient) {
  const identities = new Map<string, TestIdentity>();
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  // Listen first: the issuer must name the real port.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token itself carries the e-mail and profile claims of the granted scopes.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['shipyard-test-oidc-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, id) {
      const identity = identities.get(id);
      if (!identity) return undefined;
      return {
        accountId: id,
        // oidc-provider takes `sub` from the account id.
        claims: async () => ({ ...identity, sub: id }),
      };
    },
    async renderError(ctx, out) {
      ctx.type = 'json';
      ctx.body = out;
    },
  };

  const provider = await withoutProviderNotices(async () => {
    const { default: Provider } = await import('oidc-provider');
    return new Provider(issuer, configuration);
  });
  handler = provider.callback();

  return {
    issuer,
    provider,
    /** Who may sign in, keyed by the login name typed on the provider's page. */
    identities,
    /** The GOOGLE_* and OIDC_ISSUER_URL environment that points the app at this provider. */
    env: {
      GOOGLE_CLIENT_ID: client.clientId,
      GOOGLE_CLIENT_SECRET: client.clientSecret,
      OIDC_ISSUER_URL: issuer,
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The browser's cookies for one site, from Set-Cookie headers (no path/domain matching: one site only). */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', val = ''] = a.split('=').map((s) => s.trim());
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type ProviderChoice = {
  /** The login typed on the provider's sign-in page (a key of `identities`). */
  login: string;
  /** What the user does at the provider: sign in and allow (default), or cancel. */
  action?: 'allow' | 'deny';
  /** Share a jar to keep the provider session (and grant) between sign-ins. */
  jar?: CookieJar;
};

/**
 * Plays the browser at the provider: follows redirects from the authorization URL, fills in the
 * sign-in and consent pages, and returns the URL the provider finally sends the browser to
 * (the client's redirect_uri with `code`/`state`, or `error`).
 */
export async function authorizeAtProvider(authorizationUrl: string, choice: ProviderChoice): Promise<URL> {
  const jar = choice.jar ?? new CookieJar();
  const providerOrigin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let init: RequestInit = {};
  for (let step = 0; step < 20; step++) {
    const headers = new Headers(init.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    jar.store(res);
    init = {};
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      url = new URL(location, url);
      if (url.origin !== providerOrigin) return url;
      continue;
    }
    const body = await res.text();
    if (res.status !== 200 || !/^\/interaction\/[^/]+$/.test(url.pathname)) {
      throw new Error(`unexpected provider answer ${res.status} at ${url.pathname}: ${body.slice(0, 500)}`);
    }
    if (choice.action === 'deny') {
      url = new URL(`${url.pathname}/abort`, url);
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(body)?.[1];
    const form: Record<string, string> =
      prompt === 'login'
        ? { prompt: 'login', login: choice.login, password: 'any password' }
        : { prompt: 'consent' };
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    };
  }
  throw new Error(`too many steps at the provider, last at ${url.href}`);
}
