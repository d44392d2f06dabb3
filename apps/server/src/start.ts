import cluster from 'node:cluster';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { EmbeddedPostgresError, type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { systemClock } from './lib/clock.ts';
import { releaseYoungGeneration } from './process/boot-heap.ts';
import { fail, reportStartError, say } from './process/output.ts';
import { HELLO, LISTENING, runPrimary, START } from './process/primary.ts';

// Loaded by main.ts. config → database → migrate → listen, in one process or, with
// WEB_CONCURRENCY > 1, in a cluster: this (primary) process starts the bundled PostgreSQL and
// migrates once, then its workers serve (process/primary.ts). Errors we expect at start are one
// line, not a stack. What only serving needs (process/serve.ts: the app, its routes and packages)
// and the demo seed are imported where they are used, so that a cluster's primary, which serves
// nothing, does not load them (issue 17: its memory).

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (cluster.isWorker) return serveAsWorker(config);

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

  // Here, in the one process that migrated (the primary of a cluster), and under a lock of its
  // own: a demo on an empty database only (modules/demo). Its logins are printed this once.
  if (config.seedDemo) {
    try {
      const { demoLoginLines, seedDemoDatabase } = await import('./modules/demo/index.ts');
      const logins = await seedDemoDatabase(databaseUrl, systemClock);
      if (logins) for (const line of demoLoginLines(logins, config.appUrl)) say(line);
      else say('SEED_DEMO: the database already has users, so no demo workspace was created');
    } catch (err) {
      await stopEmbedded();
      fail(`cannot create the demo workspace: ${(err as Error).message ?? String(err)}`);
    }
  }

  if (config.processes > 1) {
    releaseYoungGeneration(); // the primary has loaded what it needs; its workers hold their own
    return runPrimary({ config, databaseUrl, processes: config.processes, stopEmbedded });
  }
  const { serve } = await import('./process/serve.ts');
  await serve(config, databaseUrl, {
    stopEmbedded,
    serveMetricsPort: true,
    onListening: () => {
      releaseYoungGeneration();
      say(`ready on ${config.appUrl} (API docs: ${config.appUrl}/api/docs)`);
    },
  });
}

/** A cluster worker: the primary sends the database URL (the bundled one has a generated password). */
async function serveAsWorker(config: Config) {
  const databaseUrl = await new Promise<string>((resolve) => {
    const onMessage = (message: { type?: string; databaseUrl?: string }) => {
      if (message?.type !== START || !message.databaseUrl) return;
      process.off('message', onMessage);
      resolve(message.databaseUrl);
    };
    process.on('message', onMessage);
    process.send?.({ type: HELLO });
  });
  const { serve } = await import('./process/serve.ts');
  await serve(config, databaseUrl, {
    serveMetricsPort: false,
    onListening: () => {
      releaseYoungGeneration();
      process.send?.({ type: LISTENING });
    },
  });
}

main().catch(reportStartError);
