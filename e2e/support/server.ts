import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Starting and stopping a production server for the e2e run: global-setup.ts starts the one every
// test shares; a spec that needs a server of its own (demo.spec.ts: SEED_DEMO=1 on an empty
// DATA_DIR) starts another with the same helpers.

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverDist = path.join(root, 'apps/server/dist');
const webDist = path.join(root, 'apps/web/dist');

export const log = (msg: string) => process.stdout.write(`[e2e] ${msg}\n`);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Copies the production build (apps/server/dist, which serves ../../web/dist) into the run
 * directory, with node_modules linked, so that a `npm run build` started while the tests run
 * cannot swap the web app's hashed chunks under an open page. Returns the copy's main.js.
 */
export async function snapshotBuild(runDir: string): Promise<string> {
  for (const file of [path.join(serverDist, 'main.js'), path.join(webDist, 'index.html')]) {
    await fs.access(file).catch(() => {
      throw new Error(`${path.relative(root, file)} is missing: run \`npm run build\` before the e2e tests`);
    });
  }
  const app = path.join(runDir, 'build');
  await fs.cp(serverDist, path.join(app, 'apps/server/dist'), { recursive: true });
  await fs.copyFile(path.join(root, 'apps/server/package.json'), path.join(app, 'apps/server/package.json'));
  await fs.cp(webDist, path.join(app, 'apps/web/dist'), { recursive: true });
  await fs.symlink(path.join(root, 'node_modules'), path.join(app, 'node_modules'), 'dir');
  // Packages npm could not hoist live beside the workspace.
  const nested = path.join(root, 'apps/server/node_modules');
  if (await fs.stat(nested).catch(() => undefined)) {
    await fs.symlink(nested, path.join(app, 'apps/server/node_modules'), 'dir');
  }
  return path.join(app, 'apps/server/dist/main.js');
}

export function startServer(serverMain: string, env: NodeJS.ProcessEnv, output: string[]): ChildProcess {
  const child = spawn(process.execPath, [serverMain], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output.push(text);
    // LOG_LEVEL=warn: whatever the server says during the run is worth seeing next to the tests.
    for (const line of text.split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

export async function waitForHealth(
  baseURL: string,
  child: ChildProcess,
  output: string[],
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output.join('')}`,
      );
    }
    const ok = await fetch(new URL('/api/health', baseURL))
      .then(async (res) => res.ok && ((await res.json()) as { status?: string }).status === 'ok')
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${output.join('')}`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timedOut = await Promise.race([
    exited.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 20_000)),
  ]);
  if (timedOut) {
    // A SIGKILL would orphan the bundled PostgreSQL; say so loudly rather than hide it.
    log(`the server (pid ${child.pid}) did not exit within 20 s of SIGTERM; killing it`);
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * The caller's environment without anything that could point a run at a shared database, Redis,
 * bucket or Google, change how many processes serve it, or seed a demo; then `overrides`.
 */
export function isolatedEnv(overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'REDIS_URL',
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'TRUST_PROXY',
    'SEED_DEMO',
    'S3_BUCKET',
    'S3_URL',
    'WEB_CONCURRENCY',
    'METRICS_PORT',
  ]) {
    delete env[name];
  }
  return { ...env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...overrides };
}
