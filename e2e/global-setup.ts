import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminCreateUser, completeFirstLogin, registerVerifiedAccount, uniqueEmail } from './support/api.ts';
import { startMailReceiver } from './support/mail.ts';
import { RUN_STATE_ENV, type RunState } from './support/run-state.ts';

// Starts what every e2e test runs against: a loopback SMTP receiver and the PRODUCTION server
// (a snapshot of apps/server/dist/main.js, serving the built web app) on a fresh DATA_DIR, whose bundled
// PostgreSQL starts inside it. Seeds one signed-in account per role. The returned function is
// the global teardown: SIGTERM the server (it stops PostgreSQL), then delete every temp file.
//
// Rate limits (per client address, per minute): login 10, register 5, reset 5. All traffic comes
// from 127.0.0.1, so the seed spends only 4 logins and 1 registration; see e2e/README.md.

const root = fileURLToPath(new URL('..', import.meta.url));
const serverDist = path.join(root, 'apps/server/dist');
const webDist = path.join(root, 'apps/web/dist');

const log = (msg: string) => process.stdout.write(`[e2e] ${msg}\n`);

async function freePort(): Promise<number> {
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
async function snapshotBuild(runDir: string): Promise<string> {
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

function startServer(serverMain: string, env: NodeJS.ProcessEnv, output: string[]): ChildProcess {
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

async function waitForHealth(baseURL: string, child: ChildProcess, output: string[], timeoutMs: number) {
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

async function stopServer(child: ChildProcess) {
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

export default async function globalSetup(): Promise<() => Promise<void>> {
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-e2e-'));
  // mkdtemp makes 0700 directories; the bundled PostgreSQL runs as the `postgres` user when we are root.
  await fs.chmod(runDir, 0o755);
  const dataDir = path.join(runDir, 'data');
  const mailDir = path.join(runDir, 'mail');
  await fs.mkdir(dataDir, { mode: 0o755 });
  await fs.mkdir(mailDir);

  let child: ChildProcess | undefined;
  let mail: Awaited<ReturnType<typeof startMailReceiver>> | undefined;
  const teardown = async () => {
    if (child) await stopServer(child);
    await mail?.close();
    await fs.rm(runDir, { recursive: true, force: true });
  };

  try {
    const serverMain = await snapshotBuild(runDir);
    mail = await startMailReceiver(mailDir);
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env };
    // Nothing from the caller's shell may point the run at a shared database, Redis, bucket or Google,
    // nor change how many processes serve it.
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
    Object.assign(env, {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LOG_LEVEL: 'warn',
    });
    const output: string[] = [];
    const started = Date.now();
    child = startServer(serverMain, env, output);
    await waitForHealth(baseURL, child, output, 90_000);
    log(
      `server ${baseURL} healthy in ${Date.now() - started} ms (DATA_DIR ${dataDir}, SMTP 127.0.0.1:${mail.port})`,
    );

    // The first account to register becomes super admin; it creates the other roles.
    const superAdmin = await registerVerifiedAccount(baseURL, mailDir, {
      role: 'super admin',
      name: 'Sam Super',
      email: uniqueEmail('super'),
      password: 'super-pass-1',
    });
    const seeded = async (role: 'admin' | 'member' | 'guest', name: string) => {
      const created = await adminCreateUser(baseURL, mailDir, superAdmin.token, {
        role,
        name,
        email: uniqueEmail(role),
      });
      return completeFirstLogin(baseURL, created, `${role}-pass-123`);
    };
    const state: RunState = {
      baseURL,
      mailDir,
      accounts: {
        'super admin': superAdmin,
        admin: await seeded('admin', 'Ada Admin'),
        member: await seeded('member', 'Max Member'),
        guest: await seeded('guest', 'Gus Guest'),
      },
    };
    const stateFile = path.join(runDir, 'state.json');
    await fs.writeFile(stateFile, JSON.stringify(state, null, 2));
    process.env[RUN_STATE_ENV] = stateFile;
    log(`seeded super admin, admin, member and guest in ${Date.now() - started} ms`);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
