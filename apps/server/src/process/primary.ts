import cluster, { type Worker } from 'node:cluster';
import client from 'prom-client';
import type { Config } from '../config.ts';
import { clusterMetrics, listenMetrics } from '../lib/metrics.ts';
import { FAILED, fail, say } from './output.ts';

// WEB_CONCURRENCY > 1 (docs/operations.md): this primary process has started the bundled
// PostgreSQL (if used) and run the migrations once; it forks the workers, which share PORT
// (node:cluster hands connections to them in turn), restarts one that crashes with a growing
// back-off, serves METRICS_PORT with the sum of the workers' metrics, and on SIGTERM/SIGINT lets
// every worker drain before it stops the bundled server.

/** A worker asks for the database URL once it listens for the answer (START). */
export const HELLO = 'shipyard:hello';
export const START = 'shipyard:start';
export const LISTENING = 'shipyard:listening';

const SHUTDOWN_GRACE_MS = 15_000;
/** A worker that ran this long before crashing resets the back-off. */
const STABLE_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

type Options = {
  config: Config;
  databaseUrl: string;
  processes: number;
  stopEmbedded: () => Promise<void>;
};

export async function runPrimary({ config, databaseUrl, processes, stopEmbedded }: Options) {
  const own = new client.Registry();
  const restarts = new client.Counter({
    name: 'shipyard_worker_restarts_total',
    help: 'Server processes restarted after they ended unexpectedly',
    registers: [own],
  });
  new client.Gauge({
    name: 'shipyard_workers',
    help: 'Server processes running on this machine (WEB_CONCURRENCY)',
    registers: [own],
    collect() {
      this.set(Object.keys(cluster.workers ?? {}).length);
    },
  });
  const metricsText = clusterMetrics(own);
  const listening = new Set<number>();
  let ready = false;
  let stopping = false;
  let crashes = 0;
  let metricsServer: { close: () => Promise<void> } | undefined;

  const stopAll = async (code: number) => {
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const exited = workers.map((w) => new Promise((resolve) => w.once('exit', resolve)));
    for (const w of workers) w.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const w of workers) w.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS);
    await Promise.all(exited);
    clearTimeout(force);
    await metricsServer?.close();
    await stopEmbedded();
    process.exit(code);
  };
  /** A start that cannot succeed: one line, every worker stopped, exit 1. */
  const abort = (message: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`shipyard: ${message}\n`);
    void stopAll(1);
  };

  function fork() {
    const worker = cluster.fork();
    const started = Date.now();
    worker.on('message', (message: { type?: string; message?: string }) => {
      if (message?.type === HELLO) worker.send({ type: START, databaseUrl });
      if (message?.type === FAILED) abort(message.message ?? 'a server process failed to start');
      if (message?.type !== LISTENING) return;
      listening.add(worker.id);
      if (!ready && !stopping && listening.size === processes) {
        ready = true;
        say(
          `ready on ${config.appUrl} (API docs: ${config.appUrl}/api/docs) with ${processes} server processes`,
        );
      }
    });
    worker.on('exit', (code, signal) => {
      listening.delete(worker.id);
      if (stopping) return;
      if (!ready) return abort(`a server process exited while starting (${signal ?? `code ${code}`})`);
      if (Date.now() - started > STABLE_MS) crashes = 0;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** crashes);
      crashes++;
      restarts.inc();
      process.stderr.write(
        `shipyard: server process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${delay / 1000} s\n`,
      );
      // Not unref'd: with every worker gone, this timer is what keeps the primary alive.
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      say(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} server processes`);
      void stopAll(0);
    });
  }

  if (config.metrics.port) {
    try {
      metricsServer = await listenMetrics(config.host, config.metrics.port, metricsText);
    } catch (err) {
      await stopEmbedded();
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        fail(
          `port ${config.metrics.port} on ${config.host} is already in use; set METRICS_PORT to a free port`,
        );
      }
      throw err;
    }
  }
  for (let i = 0; i < processes; i++) fork();
}
