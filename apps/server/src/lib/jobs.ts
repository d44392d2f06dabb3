import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, parseCronItems, type Runner, run, runOnce, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import type { Db } from '../db/client.ts';

// The job queue (docs/decisions/016-notification-mail.md): graphile-worker on the app's own
// PostgreSQL. A job is added with its add_job() SQL function inside the transaction of the
// change that causes it, so a committed change always has its job and a rolled-back one never
// does. Workers in every process take jobs with SKIP LOCKED (each job runs in one process at a
// time); a job that throws is retried with exponential back-off, logged, and never crashes
// the process. Recurring work is graphile-worker's crontab, fired once per slot across processes.

/** A job's work: the payload it was added with. Throwing retries it later. */
type JobHandler = (payload: unknown) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export type JobQueue = {
  /** Starts this process's workers and the recurring schedule (main.ts, after listen). */
  start: () => Promise<void>;
  /** Stops taking jobs and waits for those in flight. */
  stop: () => Promise<void>;
  /** Runs every job that is due now, then returns (tests; a failure is retried later as usual). */
  runDue: () => Promise<void>;
};

export type AddJobOptions = {
  /** Another job with this key still waiting is replaced instead of added twice. */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
};

/** Adds a job in the caller's transaction: it exists exactly when that transaction commits. */
export async function addJob(tx: Db, name: string, payload: unknown, options: AddJobOptions = {}) {
  await tx.execute(sql`select graphile_worker.add_job(
    ${name}, ${JSON.stringify(payload)}::json,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}::int,
    job_key => ${options.jobKey ?? null}::text)`);
}

/** About 25 minutes of retries in all (graphile-worker waits e^attempt seconds between them). */
const DEFAULT_MAX_ATTEMPTS = 8;

/** graphile-worker's messages go to the app's log; a job's failure is a warning with its error. */
function appLogger(log: FastifyBaseLogger) {
  return new Logger((scope) => (level, message, meta) => {
    const entry = { job: scope.taskIdentifier, jobId: scope.jobId, ...meta };
    if (level === 'error') log.error(entry, message);
    else if (level === 'warning') log.warn(entry, message);
    else log.debug(entry, message);
  });
}

export function createJobQueue({
  pool,
  log,
  handlers,
  schedule,
  concurrency = 2,
}: {
  pool: pg.Pool;
  log: FastifyBaseLogger;
  handlers: JobHandlers;
  /** Recurring jobs: a cron pattern (`*\/5 * * * *`) and the handler's name. */
  schedule: { match: string; task: string }[];
  concurrency?: number;
}): JobQueue {
  const taskList: TaskList = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [name, (payload: unknown) => handler(payload)]),
  );
  const logger = appLogger(log);
  const common = { pgPool: pool, logger, noHandleSignals: true, taskList } as const;
  let runner: Runner | undefined;
  let starting: Promise<Runner> | undefined;

  return {
    async start() {
      if (runner || starting) return;
      starting = run({
        ...common,
        concurrency,
        pollInterval: 2_000,
        // A slot missed while no process ran is not made up: the next one does the same work.
        parsedCronItems: parseCronItems(
          schedule.map((item) => ({ ...item, options: { backfillPeriod: 0, maxAttempts: 1 } })),
        ),
      });
      runner = await starting;
      starting = undefined;
      // A runner that ends by itself (its database connection lost for good) is logged; the
      // process keeps serving, and jobs wait in the table for the next start.
      runner.promise.catch((err: unknown) => log.error({ err }, 'job queue stopped'));
    },
    async stop() {
      const current = runner ?? (await starting?.catch(() => undefined));
      runner = undefined;
      await current?.stop().catch((err: unknown) => log.error({ err }, 'job queue did not stop cleanly'));
    },
    async runDue() {
      await runOnce(common);
    },
  };
}
