import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';

// Prometheus metrics (issue 19; every metric is explained in docs/operations.md). One registry per
// process. In cluster mode (WEB_CONCURRENCY > 1) the primary process sums the workers' registries
// (prom-client's AggregatorRegistry, over the cluster's IPC channel) for METRICS_PORT, and a
// worker answering /api/metrics asks the primary for that sum, so every scrape sees the machine.

export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds: from a fast read to the 25 MB upload on a slow link. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics() {
  // An AggregatorRegistry is a Registry that also answers the primary's requests in a worker.
  const registry = new client.AggregatorRegistry();
  if (cluster.isWorker) client.AggregatorRegistry.setRegistries([registry]);
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  const requests = new client.Counter({
    name: 'shipyard_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new client.Histogram({
    name: 'shipyard_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  function observePool(pool: pg.Pool) {
    new client.Gauge({
      name: 'shipyard_db_pool_connections',
      help: 'Connections of this process to PostgreSQL, by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new client.Gauge({
      name: 'shipyard_db_pool_waiting',
      help: 'Queries waiting for a free pooled connection',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  return {
    /** Where modules register their own metrics (the webhook deliveries: modules/services). */
    registry,

    /** Counts and times every request under its route pattern (never the raw URL). */
    observeRequests(app: FastifyInstance) {
      app.addHook('onResponse', async (req, reply) => {
        const route = req.routeOptions.url ?? 'unmatched';
        const method = req.method;
        requests.inc({ method, route, status: String(reply.statusCode) });
        latency.observe({ method, route }, reply.elapsedTime / 1000);
      });
    },

    /** Gauges read at scrape time: the database pool and realtime sockets. */
    observeState({ pool, sockets }: { pool: pg.Pool | undefined; sockets: () => number }) {
      if (pool) observePool(pool);
      new client.Gauge({
        name: 'shipyard_realtime_sockets',
        help: 'Open realtime WebSocket connections',
        registers,
        collect() {
          this.set(sockets());
        },
      });
    },

    /** The text a scrape gets: this process's metrics, or in a cluster the sum over its workers. */
    async text(): Promise<string> {
      return cluster.isWorker ? askPrimary() : registry.metrics();
    },
  };
}

const ASK = 'shipyard:metrics-ask';
const ANSWER = 'shipyard:metrics-answer';
let asked = 0;

/** A worker's scrape: the primary sums every worker's registry (see serveClusterMetrics). */
function askPrimary(): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the primary process did not answer with the metrics'));
    }, 10_000);
    function onMessage(message: { type?: string; id?: number; text?: string; error?: string }) {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    }
    process.on('message', onMessage);
    process.send?.({ type: ASK, id });
  });
}

/** In the cluster's primary: the workers' metrics, summed, plus the primary's own. */
export function clusterMetrics(own: client.Registry) {
  const aggregator = new client.AggregatorRegistry();
  const text = async () => `${await aggregator.clusterMetrics()}\n${await own.metrics()}`;
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    text().then(
      (t) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text: t }),
      (err: Error) =>
        worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: err.message }),
    );
  });
  return text;
}

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * GET /metrics on a port of its own (METRICS_PORT, bound on HOST like the app); nothing else is
 * served there, so it can stay off the reverse proxy and be reached only by the scraper.
 */
export function listenMetrics(host: string, port: number, text: () => Promise<string>) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    text().then(
      (body) => res.writeHead(200, { 'content-type': client.Registry.PROMETHEUS_CONTENT_TYPE }).end(body),
      (err: Error) => res.writeHead(503, { 'content-type': 'text/plain' }).end(`${err.message}\n`),
    );
  });
  return new Promise<{ close: () => Promise<void> }>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () =>
      resolve({
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
