import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { createChangeBus } from '../lib/realtime/bus.ts';
import { type ChangeBus, type Changes, createChanges } from '../lib/realtime/changes.ts';
import {
  createRealtimeHub,
  defaultRealtimeTimings,
  type RealtimeHub,
  type RealtimeTimings,
} from './realtime.hub.ts';

// Realtime (docs/decisions/009-realtime.md): services publish committed changes (`changes`) on the
// bus (Redis pub/sub, PostgreSQL LISTEN/NOTIFY, or the one buildApp was handed); every process's
// hub routes them to the sockets that may see them. The realtime module serves the socket.

declare module 'fastify' {
  interface FastifyInstance {
    /** Where services publish their committed changes (after commit; never throws). */
    changes: Changes;
    /** This process's realtime sockets (tests and the benchmark read it). */
    realtime: RealtimeHub;
  }
}

type RealtimeOptions = {
  bus?: ChangeBus;
  redis?: Redis;
  databaseUrl?: string;
  realtimeTimings?: Partial<RealtimeTimings>;
};

export const realtimePlugin = fp<RealtimeOptions>(
  async (app, { bus: given, redis, databaseUrl, realtimeTimings }) => {
    const { db, clock, log } = app;
    const bus = given ?? createChangeBus({ redis, databaseUrl, db, log });
    app.decorate(
      'changes',
      createChanges(bus, log, () => clock.now().getTime()),
    );
    const timings = { ...defaultRealtimeTimings, ...realtimeTimings };
    app.decorate('realtime', createRealtimeHub({ bus, db, sessions: app.sessions, clock, log, timings }));
    // The sockets close in the realtime route's preClose (before the server stops); the bus last.
    app.addHook('onClose', async () => bus.close());
  },
  { name: 'platform.realtime', dependencies: ['platform.core', 'platform.session'] },
);
