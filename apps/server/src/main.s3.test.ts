import { DOCUMENT_MAX_BYTES } from '@shipyard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from './testing/multipart.ts';
import { type LocalS3, startLocalS3 } from './testing/s3.ts';
import {
  cleanUpServerProcesses,
  cleanups,
  freePort,
  makeDataDir,
  ready,
  seedAdmin,
  startServer,
} from './testing/server-process.ts';
import { createTestDatabase } from './testing/test-app.ts';

// Issue 19: two server processes, each with its own DATA_DIR, share the database and the bucket.
// A file uploaded through one is downloaded and deleted through the other.

cleanUpServerProcesses();

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3?.stop());

describe('two processes sharing one bucket', () => {
  it('uploads through one process, downloads and deletes through the other, and refuses an oversized upload mid-stream', async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const [portA, portB] = [await freePort(), await freePort()];
    const start = async (port: number) =>
      startServer({ DATABASE_URL: url, PORT: String(port), DATA_DIR: await makeDataDir(), ...s3.env });
    const [a, b] = [await start(portA), await start(portB)];
    await Promise.all([ready(a), ready(b)]);
    const { token, productId } = await seedAdmin(url);
    const auth = { authorization: `Bearer ${token}` };
    const documents = (port: number) => `http://127.0.0.1:${port}/api/projects/${productId}/documents`;

    const data = Buffer.concat([tinyPng, Buffer.alloc(6 * 1024 * 1024, 5)]);
    const form = new FormData();
    form.append('file', new Blob([data]), 'diagram.png');
    const uploaded = await fetch(documents(portA), { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    expect(await s3.keys()).toEqual([expect.stringMatching(/^documents\/[a-f0-9]{32}\.png$/)]);

    const download = await fetch(`${documents(portB)}/${id}/download`, { headers: auth });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="diagram.png"');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);

    const removed = await fetch(`${documents(portB)}/${id}`, { method: 'DELETE', headers: auth });
    expect(removed.status).toBe(204);
    expect(await s3.keys()).toEqual([]);
    const gone = await fetch(`${documents(portA)}/${id}/download`, { headers: auth });
    expect(gone.status).toBe(404);
    await gone.text();

    // Over 25 MB: refused mid-stream over real HTTP, nothing kept, and the process serves on.
    const big = new FormData();
    big.append('file', new Blob([Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 1)]), 'big.bin');
    const refused = await fetch(documents(portB), { method: 'POST', headers: auth, body: big });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { code: string }).code).toBe('FILE_TOO_LARGE');
    expect(await s3.keys()).toEqual([]);
    const after = await fetch(documents(portB), { headers: auth });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { total: number }).total).toBe(0);
  }, 60_000);
});
