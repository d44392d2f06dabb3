import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** The ConfigError thrown for env, or a failure when none is thrown. */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

describe('loadConfig defaults', () => {
  it('uses PORT 3000, HOST 127.0.0.1, ./data and APP_URL http://localhost:$PORT', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.mailFrom).toBe('Shipyard <no-reply@localhost>');
    expect(config.google).toBeUndefined();
    expect(config.trustProxy).toBe(false);
    expect(config.seedDemo).toBe(false);
    expect(config.logLevel).toBe('info');
    expect(config.secureCookies).toBe(false);
  });

  it('derives the default APP_URL from PORT', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.port).toBe(8080);
    expect(config.appUrl).toBe('http://localhost:8080');
  });

  it('treats a blank PORT as unset rather than port 0', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
    expect(loadConfig({ PORT: '  ' }).appUrl).toBe('http://localhost:3000');
  });

  it('trims trailing slashes from APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://shipyard.example.com/' }).appUrl).toBe(
      'https://shipyard.example.com',
    );
    expect(loadConfig({ APP_URL: 'http://example.com/app//' }).appUrl).toBe('http://example.com/app');
  });

  it('keeps a valid DATABASE_URL and treats a blank one as unset', () => {
    const url = 'postgres://user:pw@db.internal:5432/shipyard';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/x' }).databaseUrl).toBe(
      'postgresql://localhost/x',
    );
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });
});

describe('loadConfig refuses wrong values with one clear line', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '3.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['APP_URL', 'localhost:3000'],
    ['LOG_LEVEL', 'loud'],
  ])('%s=%j', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.message.startsWith(`Invalid ${name}: `)).toBe(true);
    expect(err.message).toContain(JSON.stringify(value));
    expect(err.message).not.toContain('\n');
  });

  it('says what PORT must be', () => {
    expect(configError({ PORT: 'abc' }).message).toBe(
      'Invalid PORT: must be a number between 0 and 65535 (got "abc")',
    );
    expect(configError({ PORT: '70000' }).message).toContain('between 0 and 65535');
  });

  it('says what DATABASE_URL must be', () => {
    expect(configError({ DATABASE_URL: 'mysql://x' }).message).toContain('must be a postgres:// URL');
  });

  it('never echoes the password of a malformed DATABASE_URL', () => {
    const message = configError({ DATABASE_URL: 'postgres://admin:s3cr3t pw@db/x' }).message;
    expect(message).not.toContain('s3cr3t');
    expect(message).toContain('postgres://admin:***@db/x');
  });

  it('keeps a value with a line break on one line', () => {
    expect(configError({ PORT: '30\n00' }).message).not.toContain('\n');
  });

  it('refuses GOOGLE_CLIENT_ID without GOOGLE_CLIENT_SECRET and the reverse', () => {
    expect(configError({ GOOGLE_CLIENT_ID: 'id' }).message).toMatch(/^Invalid GOOGLE_CLIENT_ID/);
    expect(configError({ GOOGLE_CLIENT_SECRET: 'secret' }).message).toMatch(/GOOGLE_CLIENT_SECRET/);
  });
});

describe('loadConfig options', () => {
  it('enables Google sign-in with both id and secret, on Google unless OIDC_ISSUER_URL is set', () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
    const custom = loadConfig({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_ISSUER_URL: 'http://127.0.0.1:9999',
    });
    expect(custom.google?.issuer).toBe('http://127.0.0.1:9999');
  });

  it('enables the generic OpenID provider with issuer, id and secret, labelled "Single sign-on" unless told', () => {
    const env = {
      OIDC_PROVIDER_ISSUER: 'https://login.example.com/realms/acme',
      OIDC_PROVIDER_CLIENT_ID: 'shipyard',
      OIDC_PROVIDER_CLIENT_SECRET: 'sso-secret',
    };
    expect(loadConfig(env).oidc).toEqual({
      issuer: 'https://login.example.com/realms/acme',
      clientId: 'shipyard',
      clientSecret: 'sso-secret',
      label: 'Single sign-on',
    });
    expect(loadConfig({ ...env, OIDC_PROVIDER_LABEL: 'Acme SSO' }).oidc?.label).toBe('Acme SSO');
    expect(loadConfig({}).oidc).toBeUndefined();
    expect(configError({ OIDC_PROVIDER_ISSUER: env.OIDC_PROVIDER_ISSUER }).message).toMatch(
      /set all three or none/,
    );
    expect(configError({ ...env, OIDC_PROVIDER_ISSUER: 'login.example.com' }).message).toMatch(
      /^Invalid OIDC_PROVIDER_ISSUER/,
    );
    expect(configError({ ...env, OIDC_PROVIDER_LABEL: 'Acme\nSSO' }).message).toMatch(
      /^Invalid OIDC_PROVIDER_LABEL/,
    );
    const secret = configError({
      ...env,
      OIDC_PROVIDER_ISSUER: 'x',
      OIDC_PROVIDER_CLIENT_SECRET: '',
    }).message;
    expect(secret).not.toContain('sso-secret');
  });

  it('keeps audit entries AUDIT_RETENTION_DAYS days, 365 by default', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(365);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '90' }).auditRetentionDays).toBe(90);
    expect(configError({ AUDIT_RETENTION_DAYS: '0' }).message).toMatch(/^Invalid AUDIT_RETENTION_DAYS/);
  });

  it('sets secureCookies only for an https APP_URL', () => {
    expect(loadConfig({ APP_URL: 'https://shipyard.example.com' }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'HTTPS://shipyard.example.com' }).secureCookies).toBe(true);
    expect(loadConfig({ APP_URL: 'http://shipyard.example.com' }).secureCookies).toBe(false);
    expect(loadConfig({ APP_URL: 'http://https.example.com' }).secureCookies).toBe(false);
    expect(loadConfig({}).secureCookies).toBe(false);
  });

  it('reads SEED_DEMO and TRUST_PROXY', () => {
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function') {
      expect(hops('10.0.0.1', 0)).toBe(true);
      expect(hops('10.0.0.1', 1)).toBe(false);
    }
  });
});

describe('webhooks and stored secrets', () => {
  it('reads WEBHOOK_ALLOW_PRIVATE (off unless 1 or true)', () => {
    expect(loadConfig({}).webhookAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhookAllowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '0' }).webhookAllowPrivate).toBe(false);
    expect(configError({ WEBHOOK_ALLOW_PRIVATE: 'yes' }).message).toBe(
      'Invalid WEBHOOK_ALLOW_PRIVATE: must be 1 or 0 (got "yes")',
    );
  });

  it('takes an APP_SECRET of 32 characters or more, and never echoes a wrong one', () => {
    expect(loadConfig({}).appSecret).toBeUndefined();
    expect(loadConfig({ APP_SECRET: 'k'.repeat(32) }).appSecret).toBe('k'.repeat(32));
    const err = configError({ APP_SECRET: 'too-short-secret' });
    expect(err.message).toBe(
      'Invalid APP_SECRET: must be at least 32 characters, e.g. the output of `openssl rand -base64 32` (got "16 characters")',
    );
    expect(err.message).not.toContain('too-short-secret');
  });

  it('takes a VAPID pair (both or neither, the private key never echoed) and a subject, MAIL_FROM by default', () => {
    expect(loadConfig({}).push).toEqual({ vapidKeys: undefined, subject: 'mailto:no-reply@localhost' });
    expect(loadConfig({ MAIL_FROM: 'Ops <ops@example.com>' }).push.subject).toBe('mailto:ops@example.com');
    const publicKey = `B${'a'.repeat(86)}`;
    const privateKey = 'p'.repeat(43);
    const pair = loadConfig({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'https://ops.example.com',
    });
    expect(pair.push).toEqual({ vapidKeys: { publicKey, privateKey }, subject: 'https://ops.example.com' });
    expect(configError({ VAPID_PUBLIC_KEY: publicKey }).message).toBe(
      'Invalid VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY: set both or neither',
    );
    const err = configError({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'secret-but-short' });
    expect(err.message).toContain('(got "16 characters")');
    expect(err.message).not.toContain('secret-but-short');
    expect(configError({ VAPID_SUBJECT: 'http://ops.example.com' }).message).toContain(
      'must be a mailto: address or an https:// URL',
    );
  });
});

describe('upload and invitation limits', () => {
  it('defaults to a 1024 MB quota per account, none for the instance, 60 uploads and invitations an hour and 300 writes a minute', () => {
    const config = loadConfig({});
    expect(config.uploads).toEqual({
      userQuotaBytes: 1024 * 1024 * 1024,
      totalQuotaBytes: undefined,
      perHour: 60,
    });
    expect(config.invitesPerHour).toBe(60);
    expect(config.writesPerMinute).toBe(300);
    expect(loadConfig({ WRITE_RATE_PER_MINUTE: '20' }).writesPerMinute).toBe(20);
  });

  it('reads UPLOAD_QUOTA_USER_MB, UPLOAD_QUOTA_TOTAL_MB, UPLOAD_RATE_PER_HOUR and INVITE_RATE_PER_HOUR', () => {
    const config = loadConfig({
      UPLOAD_QUOTA_USER_MB: '50',
      UPLOAD_QUOTA_TOTAL_MB: '2048',
      UPLOAD_RATE_PER_HOUR: '10',
      INVITE_RATE_PER_HOUR: ' 5 ',
    });
    expect(config.uploads).toEqual({
      userQuotaBytes: 50 * 1024 * 1024,
      totalQuotaBytes: 2048 * 1024 * 1024,
      perHour: 10,
    });
    expect(config.invitesPerHour).toBe(5);
    expect(loadConfig({ UPLOAD_QUOTA_TOTAL_MB: '' }).uploads.totalQuotaBytes).toBeUndefined();
  });

  it('refuses a limit that is not a whole number of at least 1', () => {
    expect(configError({ UPLOAD_QUOTA_USER_MB: '0' }).message).toBe(
      'Invalid UPLOAD_QUOTA_USER_MB: must be a whole number of at least 1 (got "0")',
    );
    expect(configError({ INVITE_RATE_PER_HOUR: 'lots' }).message).toBe(
      'Invalid INVITE_RATE_PER_HOUR: must be a whole number of at least 1 (got "lots")',
    );
    expect(configError({ UPLOAD_RATE_PER_HOUR: '1.5' }).message).toContain('Invalid UPLOAD_RATE_PER_HOUR');
  });
});

describe('processes, object storage and metrics (issue 19)', () => {
  it('runs one process per core with DATABASE_URL, one on the bundled database, or WEB_CONCURRENCY', () => {
    const url = 'postgres://u:p@db:5432/shipyard';
    expect(loadConfig({ DATABASE_URL: url }).processes).toBe(os.availableParallelism());
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '3' }).processes).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: '2' }).processes).toBe(2);
    expect(configError({ WEB_CONCURRENCY: '0' }).message).toBe(
      'Invalid WEB_CONCURRENCY: must be a whole number of at least 1 (got "0")',
    );
  });

  it('stores uploads on disk unless S3_BUCKET is set; path-style URLs for a self-hosted endpoint', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'shipyard-files',
        S3_URL: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      bucket: 'shipyard-files',
      url: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(loadConfig({ S3_BUCKET: 'shipyard-files', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      url: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('stops with one line on a bad bucket setting, never echoing the secret key', () => {
    expect(configError({ S3_BUCKET: 'Not_A_Bucket' }).message).toMatch(
      /^Invalid S3_BUCKET: must be a bucket name/,
    );
    expect(configError({ S3_URL: 'http://minio:9000' }).message).toBe(
      'Invalid S3_URL: set S3_BUCKET too, the bucket that uploads go to',
    );
    expect(configError({ S3_BUCKET: 'files', S3_URL: 'minio:9000' }).message).toMatch(
      /^Invalid S3_URL: must be the http\(s\) URL/,
    );
    const half = configError({ S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'very-secret' });
    expect(half.message).toBe('Invalid S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set both or neither');
    expect(configError({ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' }).message).toMatch(
      /^Invalid S3_FORCE_PATH_STYLE: must be 1 or 0/,
    );
  });

  it('takes a metrics port apart from PORT and a token of at least 32 characters, never echoed', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, token: undefined });
    expect(configError({ METRICS_PORT: '3000' }).message).toBe(
      'Invalid METRICS_PORT: must differ from PORT (3000)',
    );
    expect(configError({ METRICS_PORT: '70000' }).message).toMatch(
      /^Invalid METRICS_PORT: must be a number between 1 and 65535/,
    );
    const short = configError({ METRICS_TOKEN: 'short-token' });
    expect(short.message).toMatch(/^Invalid METRICS_TOKEN: must be at least 32 characters/);
    expect(short.message).not.toContain('short-token');
  });
});
