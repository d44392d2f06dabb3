import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { adminCreateUser, completeFirstLogin, registerVerifiedAccount, uniqueEmail } from './support/api.ts';
import { startMailReceiver } from './support/mail.ts';
import { RUN_STATE_ENV, type RunState } from './support/run-state.ts';
import {
  freePort,
  isolatedEnv,
  log,
  snapshotBuild,
  startServer,
  stopServer,
  waitForHealth,
} from './support/server.ts';

// Starts what every e2e test runs against: a loopback SMTP receiver and the PRODUCTION server
// (a snapshot of apps/server/dist/main.js, serving the built web app) on a fresh DATA_DIR, whose bundled
// PostgreSQL starts inside it. Seeds one signed-in account per role. The returned function is
// the global teardown: SIGTERM the server (it stops PostgreSQL), then delete every temp file.
//
// Rate limits (per client address, per minute): login 10, register 5, reset 5. All traffic comes
// from 127.0.0.1, so the seed spends only 4 logins and 1 registration; see e2e/README.md.

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
    const env = isolatedEnv({
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
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
