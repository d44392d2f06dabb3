import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanUpServerProcesses,
  exitOf,
  freePort,
  isAlive,
  lines,
  makeDataDir,
  postgresFor,
  postmasterPid,
  ready,
  startServer,
} from './testing/server-process.ts';

// The bundled PostgreSQL (no DATABASE_URL): what a crash of the server leaves, and what a stop does.
// The server runs as its users run it (testing/server-process.ts): a child process with a clean
// environment, killed after its test; no bundled PostgreSQL started here outlives the file.

cleanUpServerProcesses();

describe('bundled PostgreSQL (no DATABASE_URL)', () => {
  it('survives a SIGKILL: the orphan is stopped, data is kept, and SIGTERM leaves nothing running', async () => {
    const dataDir = await makeDataDir();
    const pgDir = path.join(dataDir, 'postgres');
    const email = 'kept@example.com';
    const password = 'kept-pass-1';

    // Run 1: first start initialises the cluster; register a user, then SIGKILL the app.
    const port1 = await freePort();
    const run1 = startServer({ DATA_DIR: dataDir, PORT: String(port1) });
    await ready(run1, 90_000);
    expect(run1.stdout()).toContain(`shipyard: initialising the bundled PostgreSQL in ${pgDir}`);
    expect((await fs.stat(path.join(dataDir, 'postgres.password'))).mode & 0o777).toBe(0o600);
    const health1 = await fetch(`http://127.0.0.1:${port1}/api/health`);
    expect(await health1.json()).toEqual({ status: 'ok' });
    const registered = await fetch(`http://127.0.0.1:${port1}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept User', email, password }),
    });
    expect(registered.status).toBe(201);

    const orphan = await postmasterPid(pgDir);
    expect(orphan).toBeDefined();
    run1.child.kill('SIGKILL');
    expect(await exitOf(run1, 10_000)).toEqual({ code: null, signal: 'SIGKILL' });
    await new Promise((r) => setTimeout(r, 200));
    expect(isAlive(orphan as number)).toBe(true); // PostgreSQL outlives its killed parent
    expect(await postgresFor(pgDir)).toContain(orphan);

    // Run 2: same DATA_DIR; the leftover server is stopped and a fresh one started on the same data.
    const port2 = await freePort();
    const run2 = startServer({ DATA_DIR: dataDir, PORT: String(port2) });
    await ready(run2, 60_000);
    expect(run2.stdout()).toContain(
      `stopping the bundled PostgreSQL (pid ${orphan}) left running by an earlier process`,
    );
    expect(run2.stdout()).not.toContain('initialising');
    expect(isAlive(orphan as number)).toBe(false);
    const health2 = await fetch(`http://127.0.0.1:${port2}/api/health`);
    expect(health2.status).toBe(200);
    const login = await fetch(`http://127.0.0.1:${port2}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    // 403 EMAIL_NOT_VERIFIED, not 401: the account (and its password hash) survived.
    expect(login.status).toBe(403);
    expect(((await login.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');

    // A second app on a DATA_DIR whose owner is alive refuses, and leaves the owner alone.
    const intruder = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await exitOf(intruder, 30_000)).toEqual({ code: 1, signal: null });
    const refusal = lines(intruder.stderr());
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toMatch(/^shipyard: DATA_DIR .* is in use by another Shipyard process \(pid \d+\)/);
    expect(refusal[0]).toContain(`pid ${run2.child.pid}`);
    expect((await fetch(`http://127.0.0.1:${port2}/api/health`)).status).toBe(200);

    // SIGTERM: exit 0, the bundled server is stopped and its lock and pid files are gone.
    const running = await postmasterPid(pgDir);
    run2.child.kill('SIGTERM');
    expect(await exitOf(run2, 15_000)).toEqual({ code: 0, signal: null });
    await expect(fs.access(path.join(pgDir, 'postmaster.pid'))).rejects.toThrow();
    await expect(fs.access(path.join(dataDir, 'postgres.owner'))).rejects.toThrow();
    expect(isAlive(running as number)).toBe(false);
    expect(await postgresFor(pgDir)).toEqual([]);
  }, 180_000);
});
