import fp from 'fastify-plugin';
import { createJobQueue, type JobHandlers, type JobQueue } from '../lib/jobs.ts';

// The job queue (docs/decisions/016-notification-mail.md, lib/jobs.ts) on the app's pool. Modules
// contribute their handlers and recurring schedule at boot (`app.jobs.handle`); the queue is built
// from them once the app is ready. main.ts starts its workers after listen; tests run what is due
// with app.jobs.runDue().

type Schedule = { match: string; task: string }[];

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue & {
      /** A module's job handlers and its recurring jobs (a cron pattern and a handler's name). */
      handle: (handlers: JobHandlers, schedule?: Schedule) => void;
    };
  }
}

export const jobsPlugin = fp(
  async (app) => {
    const handlers: JobHandlers = {};
    const schedule: Schedule = [];
    let queue: JobQueue | undefined;
    const built = () => {
      queue ??= createJobQueue({ pool: app.pool, log: app.log, handlers, schedule });
      return queue;
    };
    app.decorate('jobs', {
      handle(more: JobHandlers, recurring: Schedule = []) {
        if (queue) throw new Error('jobs: handlers are added while the app boots, before the queue runs');
        for (const name of Object.keys(more)) {
          if (handlers[name]) throw new Error(`jobs: two modules handle the job "${name}"`);
        }
        Object.assign(handlers, more);
        schedule.push(...recurring);
      },
      start: () => built().start(),
      stop: async () => queue?.stop(),
      runDue: () => built().runDue(),
    });
    app.addHook('onReady', async () => void built());
    app.addHook('onClose', async () => queue?.stop());
  },
  { name: 'platform.jobs', dependencies: ['platform.core'] },
);
