import v8 from 'node:v8';

// The young generation during boot (issue 17, docs/decisions/023-request-hot-path.md). Loading the
// server's modules allocates tens of MB that mostly survive (code, schemas, routes), and V8 doubles
// its new space whenever that much survives a scavenge: by "ready" it has grown from 1 to its 16 MB
// maximum per semi-space (32 MB committed, resident), and an idle process gives that back only when
// V8's memory reducer runs, 30 to 60 s later. What survives boot goes to the old space anyway, so a
// big new space buys the boot nothing: main.ts holds V8's growth factor at 1 (no growth) until the
// process serves, then restores V8's default (2). From then on the new space grows under load
// exactly as before, so requests are served with the same heap as without this.
// V8 reads the factor each time it grows the new space, so changing it at run time takes effect.

const DEFAULT_GROWTH_FACTOR = 2; // V8's --semi-space-growth-factor default (`node --v8-options`)

/**
 * Whoever runs node with a semi-space flag of their own keeps it as given. NODE_OPTIONS is read
 * here, not through config.ts: this module runs first, before any other loads, and config.ts would
 * load zod and the shared schemas into the heap it is about to hold (biome.json lets this file
 * read process.env for that reason alone; docs/decisions/026-boundaries-checked.md).
 */
const ownFlag = () =>
  [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => /semi[-_]space/.test(a));

let holding = false;

/** main.ts, before any other module loads: the new space keeps its initial size during boot. */
export function holdYoungGeneration() {
  if (ownFlag()) return;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  holding = true;
}

/** Once the process serves (or, in a cluster's primary, before it forks): V8's default again. */
export function releaseYoungGeneration() {
  if (!holding) return;
  holding = false;
  v8.setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
