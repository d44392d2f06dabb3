import fp from 'fastify-plugin';
import type pg from 'pg';
import { createMetrics, type Metrics } from '../lib/metrics.ts';

// Prometheus metrics (lib/metrics.ts, docs/operations.md): every request, the database pool and the
// realtime sockets here; modules add their own to `registry`. Served on METRICS_PORT by main.ts,
// or at /api/metrics (the health module).

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus metrics; main.ts serves them on METRICS_PORT. */
    metrics: Metrics;
  }
}

export const metricsPlugin = fp<{ pool?: pg.Pool }>(
  async (app, { pool }) => {
    const metrics = createMetrics();
    metrics.observeRequests(app);
    metrics.observeState({ pool, sockets: () => app.realtime.size() });
    app.decorate('metrics', metrics);
  },
  { name: 'platform.metrics', dependencies: ['platform.realtime'] },
);
