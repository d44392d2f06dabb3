import cluster from 'node:cluster';

// What the server says on its standard streams: one line each, prefixed, never a stack for an
// error we expect. A cluster worker hands its start error to the primary instead (reportStartError),
// which prints the first one only: two workers failing the same way is still one line.

export const FAILED = 'shipyard:failed';

/** A start error of a cluster worker, on its way to the primary. */
class StartError extends Error {}

export function say(message: string) {
  process.stdout.write(`shipyard: ${message}\n`);
}

export function fail(message: string): never {
  if (cluster.isWorker) throw new StartError(message);
  process.stderr.write(`shipyard: ${message}\n`);
  process.exit(1);
}

/** main()'s last resort: a worker's start error goes to the primary; anything else is a stack. */
export function reportStartError(err: unknown): void {
  if (err instanceof StartError && process.connected) {
    process.send?.({ type: FAILED, message: err.message }, () => process.exit(1));
    return;
  }
  process.stderr.write(`shipyard: failed to start: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
}
