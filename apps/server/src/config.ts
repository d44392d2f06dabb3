import os from 'node:os';
import path from 'node:path';
import { isSingleLineText, SEARCHES_PER_MINUTE } from '@shipyard/shared';
import { z } from 'zod';

// The only reader of process.env (ARCHITECTURE §4). Anything wrong fails at start with one line.

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const postgresUrl = optionalString.refine(
  (v) => v === undefined || (/^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v)),
  'must be a postgres:// URL, e.g. postgres://user:password@localhost:5432/shipyard',
);

/** A whole number ≥ 1 (blank means unset), or the default. */
const positiveInt = (fallback: number | undefined) =>
  z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z.coerce
      .number({ error: 'must be a whole number of at least 1' })
      .int('must be a whole number of at least 1')
      .min(1, 'must be a whole number of at least 1')
      .optional()
      .transform((v) => v ?? fallback),
  );

/** A TCP port from `min` to 65535, or undefined (blank means unset). */
const portNumber = (min: number) => {
  const message = `must be a number between ${min} and 65535`;
  return z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z.coerce
      .number({ error: message })
      .int(`must be a whole number between ${min} and 65535`)
      .min(min, message)
      .max(65535, message)
      .optional(),
  );
};

/**
 * The default of WRITE_RATE_PER_MINUTE (issue 27 #6): five writes a second, every second of a
 * minute. A fast keyboard user moving cards, ticking a checklist and editing fields makes one or
 * two a second in bursts and never keeps that up for a minute; bulk work has its own routes
 * (imports, mark all as read). A script over it waits for Retry-After.
 */
const WRITES_PER_MINUTE = 300;

const EnvSchema = z.object({
  // Blank (`PORT=` in an env file) means unset: z.coerce would turn '' into 0, a random port.
  PORT: portNumber(0).transform((v) => v ?? 3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl,
  // URL.canParse('localhost:3000') is true (scheme "localhost:"): mailed links need http(s).
  APP_URL: optionalString.refine(
    (v) => v === undefined || (/^https?:\/\//i.test(v) && URL.canParse(v)),
    'must be an absolute http(s) URL, e.g. https://shipyard.example.com',
  ),
  SMTP_URL: optionalString.refine(
    (v) => v === undefined || URL.canParse(v),
    'must be a URL like smtp://host:port',
  ),
  MAIL_FROM: z.string().default('Shipyard <no-reply@localhost>'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  OIDC_ISSUER_URL: optionalString.refine(
    (v) => v === undefined || URL.canParse(v),
    'must be an absolute URL',
  ),
  // One generic OpenID Connect provider beside Google (docs/decisions/013-accounts.md).
  OIDC_PROVIDER_ISSUER: optionalString.refine(
    (v) => v === undefined || (/^https?:\/\//i.test(v) && URL.canParse(v)),
    "must be the provider's issuer URL, e.g. https://login.example.com/realms/acme",
  ),
  OIDC_PROVIDER_CLIENT_ID: optionalString,
  OIDC_PROVIDER_CLIENT_SECRET: optionalString,
  OIDC_PROVIDER_LABEL: optionalString.refine(
    (v) => v === undefined || (v.length <= 40 && isSingleLineText(v)),
    'must be one line of at most 40 characters',
  ),
  REDIS_URL: optionalString.refine(
    (v) => v === undefined || /^rediss?:\/\//.test(v),
    'must be a redis:// URL',
  ),
  TRUST_PROXY: optionalString,
  SEED_DEMO: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: optionalString,
  // The key that encrypts stored secrets (service API keys, webhook signing secrets); unset:
  // a random key kept in DATA_DIR/secret.key (docs/decisions/008-webhooks.md).
  APP_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters, e.g. the output of `openssl rand -base64 32`',
  ),
  WEBHOOK_ALLOW_PRIVATE: optionalString.refine(
    (v) => v === undefined || ['0', '1', 'true', 'false'].includes(v),
    'must be 1 or 0',
  ),
  // Web push (decision 050): one's own VAPID pair (both, base64url); unset: one is made and kept.
  VAPID_PUBLIC_KEY: optionalString.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v),
    'must be a P-256 public key in base64url (87 characters)',
  ),
  VAPID_PRIVATE_KEY: optionalString.refine(
    (v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v),
    'must be a P-256 private key in base64url (43 characters)',
  ),
  VAPID_SUBJECT: optionalString.refine(
    (v) => v === undefined || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v),
    'must be a mailto: address or an https:// URL',
  ),
  // Upload and invitation limits (docs/security.md, issue 13 #11).
  UPLOAD_QUOTA_USER_MB: positiveInt(1024),
  UPLOAD_QUOTA_TOTAL_MB: positiveInt(undefined),
  UPLOAD_RATE_PER_HOUR: positiveInt(60),
  INVITE_RATE_PER_HOUR: positiveInt(60),
  // Object storage (docs/operations.md): uploads go to this bucket when S3_BUCKET is set.
  S3_BUCKET: optionalString.refine(
    (v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v),
    'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
  ),
  S3_URL: optionalString.refine(
    (v) => v === undefined || (/^https?:\/\//i.test(v) && URL.canParse(v)),
    'must be the http(s) URL of the S3 endpoint, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000',
  ),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.refine(
    (v) => v === undefined || ['0', '1', 'true', 'false'].includes(v),
    'must be 1 or 0',
  ),
  // Connections each server process may open to PostgreSQL (docs/operations.md: the budget).
  DATABASE_POOL_SIZE: positiveInt(10),
  // Processes on this machine (docs/operations.md); unset: one per core, or one with the bundled database.
  WEB_CONCURRENCY: positiveInt(undefined),
  // Prometheus metrics: their own port (bound on HOST), and/or /api/metrics behind this token.
  METRICS_PORT: portNumber(1),
  METRICS_TOKEN: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters, e.g. the output of `openssl rand -hex 32`',
  ),
  // Searches one account may make per minute (docs/decisions/015-search.md).
  SEARCH_RATE_PER_MINUTE: positiveInt(SEARCHES_PER_MINUTE),
  // Writes (non-GET /api calls) one account may make per minute, the routes without a limit of their own together (docs/security.md).
  WRITE_RATE_PER_MINUTE: positiveInt(WRITES_PER_MINUTE),
  // Days the audit log keeps an entry (docs/decisions/013-accounts.md).
  AUDIT_RETENTION_DAYS: positiveInt(365),
  // The local hour (0–23, in each user's time zone) from which their daily digest is mailed.
  DIGEST_HOUR: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z.coerce
      .number({ error: 'must be a whole number from 0 to 23' })
      .int('must be a whole number from 0 to 23')
      .min(0, 'must be a whole number from 0 to 23')
      .max(23, 'must be a whole number from 0 to 23')
      .default(8),
  ),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** The generic OpenID Connect provider, with the label of its sign-in button. */
  oidc: { clientId: string; clientSecret: string; issuer: string; label: string } | undefined;
  redisUrl: string | undefined;
  /** Fastify's trustProxy: true, a hop count (as a function), or a list of addresses. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  seedDemo: boolean;
  logLevel: string;
  secureCookies: boolean;
  /** Encrypts stored secrets; undefined: the key in DATA_DIR/secret.key. */
  appSecret: string | undefined;
  /** Webhooks may go to loopback and private addresses, and over plain http (tests, local receivers). */
  webhookAllowPrivate: boolean;
  /** Web push: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY (undefined: the pair the push module keeps), and the subject. */
  push: { vapidKeys: { publicKey: string; privateKey: string } | undefined; subject: string };
  uploads: UploadLimits;
  /** Team invitations one account may send per hour. */
  invitesPerHour: number;
  /** The bucket uploads go to; undefined: DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Connections each server process's pool may open. */
  databasePoolSize: number;
  /**
   * Server processes on this machine: WEB_CONCURRENCY, else one per core, or one on the bundled
   * PostgreSQL (its connection budget is small).
   */
  processes: number;
  metrics: {
    /** A port of its own for GET /metrics (bound on HOST), or undefined. */
    port: number | undefined;
    /** Bearer token for GET /api/metrics; undefined: no /api/metrics. */
    token: string | undefined;
  };
  /** Searches one account may make per minute (GET /api/search). */
  searchesPerMinute: number;
  /** Writes one account (an address before sign-in) may make per minute, every non-GET /api route without its own limit together. */
  writesPerMinute: number;
  /** Days an audit log entry is kept; older ones are purged daily. */
  auditRetentionDays: number;
  /** DIGEST_HOUR: when the daily digest goes out, in each user's time zone. */
  digestHour: number;
};

export type S3Config = {
  bucket: string;
  /** The endpoint; undefined: AWS S3 in `region`. */
  url: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** undefined: the AWS SDK's own chain (environment, instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export type UploadLimits = {
  /** What one account may keep stored: its documents and its avatar. */
  userQuotaBytes: number;
  /** What the whole instance may keep stored; undefined: no limit. */
  totalQuotaBytes: number | undefined;
  /** Uploads per account per hour, on each upload route. */
  perHour: number;
};

const MB = 1024 * 1024;

export class ConfigError extends Error {}

const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Variables whose value a configuration error never echoes. */
const SECRET_VARIABLES = new Set([
  'APP_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'OIDC_PROVIDER_CLIENT_SECRET',
  'METRICS_TOKEN',
  'VAPID_PRIVATE_KEY',
]);

function parseTrustProxy(v: string | undefined): Config['trustProxy'] {
  if (v === undefined || v === '0' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v; // addresses or CIDR ranges, comma separated
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // The value is echoed to help (JSON-quoted: one line), but never a secret or a password inside a URL.
    const raw = env[name] ?? '';
    const got = SECRET_VARIABLES.has(name)
      ? `${raw.length} characters`
      : raw.replace(/\/\/([^/:@\s]*):[^@]*@/, '//$1:***@');
    throw new ConfigError(
      `Invalid ${name}: ${issue?.message ?? 'invalid value'} (got ${JSON.stringify(got)})`,
    );
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError('Invalid GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (e.S3_URL && !e.S3_BUCKET) {
    throw new ConfigError('Invalid S3_URL: set S3_BUCKET too, the bucket that uploads go to');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT === e.PORT) {
    throw new ConfigError(`Invalid METRICS_PORT: must differ from PORT (${e.PORT})`);
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('Invalid VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: set both or neither');
  }
  const oidcParts = [e.OIDC_PROVIDER_ISSUER, e.OIDC_PROVIDER_CLIENT_ID, e.OIDC_PROVIDER_CLIENT_SECRET];
  if (oidcParts.some((v) => v === undefined) && oidcParts.some((v) => v !== undefined)) {
    throw new ConfigError(
      'Invalid OIDC_PROVIDER_ISSUER/OIDC_PROVIDER_CLIENT_ID/OIDC_PROVIDER_CLIENT_SECRET: set all three or none',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER_URL ?? GOOGLE_ISSUER,
          }
        : undefined,
    oidc:
      e.OIDC_PROVIDER_ISSUER && e.OIDC_PROVIDER_CLIENT_ID && e.OIDC_PROVIDER_CLIENT_SECRET
        ? {
            issuer: e.OIDC_PROVIDER_ISSUER,
            clientId: e.OIDC_PROVIDER_CLIENT_ID,
            clientSecret: e.OIDC_PROVIDER_CLIENT_SECRET,
            label: e.OIDC_PROVIDER_LABEL ?? 'Single sign-on',
          }
        : undefined,
    redisUrl: e.REDIS_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    seedDemo: e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    secureCookies: /^https:\/\//i.test(appUrl),
    appSecret: e.APP_SECRET,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1' || e.WEBHOOK_ALLOW_PRIVATE === 'true',
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      // MAIL_FROM's address: `Shipyard <no-reply@localhost>` → mailto:no-reply@localhost.
      subject:
        e.VAPID_SUBJECT ?? `mailto:${e.MAIL_FROM.match(/<([^>\s]+@[^>\s]+)>/)?.[1] ?? e.MAIL_FROM.trim()}`,
    },
    uploads: {
      userQuotaBytes: (e.UPLOAD_QUOTA_USER_MB ?? 1024) * MB,
      totalQuotaBytes: e.UPLOAD_QUOTA_TOTAL_MB === undefined ? undefined : e.UPLOAD_QUOTA_TOTAL_MB * MB,
      perHour: e.UPLOAD_RATE_PER_HOUR ?? 60,
    },
    invitesPerHour: e.INVITE_RATE_PER_HOUR ?? 60,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          url: e.S3_URL,
          region: e.S3_REGION,
          // A self-hosted endpoint (MinIO, Ceph) usually serves only path-style URLs.
          forcePathStyle:
            e.S3_FORCE_PATH_STYLE === undefined
              ? e.S3_URL !== undefined
              : e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? 10,
    processes: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? os.availableParallelism() : 1),
    metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
    searchesPerMinute: e.SEARCH_RATE_PER_MINUTE ?? SEARCHES_PER_MINUTE,
    writesPerMinute: e.WRITE_RATE_PER_MINUTE ?? WRITES_PER_MINUTE,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS ?? 365,
    digestHour: e.DIGEST_HOUR,
  };
}

/** loadConfig for a command-line tool: a configuration error is its one line (`fail`), then exit. */
export function loadConfigOr(fail: (message: string) => never, env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
}

/**
 * Where a command was started: npm runs a workspace script in apps/server but names the folder it
 * was invoked in as INIT_CWD, so relative paths on a command line are the operator's.
 */
export function invocationDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.INIT_CWD || process.cwd();
}

/**
 * The two settings `npm run backup` and `npm run restore` read (backup.ts), and only those: a
 * backup must not fail on a setting it does not use. DATA_DIR is the operator's relative path.
 */
export function loadBackupSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    dataDir: path.resolve(invocationDir(env), env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
  };
}
