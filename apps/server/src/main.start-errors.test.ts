import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanUpServerProcesses,
  cleanups,
  exitOf,
  freePort,
  lines,
  makeDataDir,
  startServer,
} from './testing/server-process.ts';
import { createTestDatabase } from './testing/test-app.ts';

// Start errors: what an operator sees when the server cannot start.
// The server runs as its users run it (testing/server-process.ts): a child process with a clean
// environment, killed after its test; no bundled PostgreSQL started here outlives the file.

cleanUpServerProcesses();

describe('start errors are one line on stderr and exit code 1', () => {
  it('PORT=abc', async () => {
    const server = startServer({ PORT: 'abc', DATA_DIR: await makeDataDir() });
    expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
    expect(lines(server.stderr())).toHaveLength(1);
    expect(server.stderr()).toMatch(/^shipyard: Invalid PORT/);
    expect(server.stderr()).toContain('"abc"');
  }, 20_000);

  it('a DATABASE_URL where no server answers', async () => {
    const server = startServer({
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/x',
      PORT: String(await freePort()),
      DATA_DIR: await makeDataDir(),
    });
    expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
    const stderr = lines(server.stderr());
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(/^shipyard: cannot prepare the database at 127\.0\.0\.1:1: .*ECONNREFUSED/);
    expect(server.stderr()).not.toMatch(/\n\s+at /); // no stack trace
  }, 20_000);

  it('a PORT already in use', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const server = startServer({ DATABASE_URL: url, PORT: String(port), DATA_DIR: await makeDataDir() });
      expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
      expect(lines(server.stderr())).toEqual([
        `shipyard: port ${port} on 127.0.0.1 is already in use; set PORT to a free port`,
      ]);
    } finally {
      blocker.close();
    }
  }, 20_000);
  it('a DATA_DIR inside a folder the postgres user cannot enter', async () => {
    const parent = await makeDataDir();
    await fs.chmod(parent, 0o700);
    const dataDir = path.join(parent, 'data');
    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
    expect(lines(server.stderr())).toEqual([
      `shipyard: the database's user (postgres) cannot enter ${parent}, so it cannot use DATA_DIR ${dataDir}; run chmod o+x ${parent} or choose a DATA_DIR elsewhere`,
    ]);
  }, 20_000);

  it('a DATA_DIR that exists but the postgres user cannot enter', async () => {
    const dataDir = await makeDataDir();
    await fs.chmod(dataDir, 0o700);
    const server = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await exitOf(server, 15_000)).toEqual({ code: 1, signal: null });
    expect(lines(server.stderr())).toEqual([
      `shipyard: the database's user (postgres) cannot enter ${dataDir}, so it cannot use DATA_DIR ${dataDir}; run chmod o+x ${dataDir} or choose a DATA_DIR elsewhere`,
    ]);
  }, 20_000);
});
