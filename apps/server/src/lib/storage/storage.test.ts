import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { startLocalS3 } from '../../testing/s3.ts';
import { createStorage, type Storage } from '../storage.ts';

// The same contract on disk and in a bucket (the real AWS SDK against a local S3 server).

const kinds = {
  disk: async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-storage-'));
    return {
      storage: createStorage(loadConfig({ DATA_DIR: dataDir })),
      stop: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  },
  s3: async () => {
    const s3 = await startLocalS3();
    return { storage: createStorage(loadConfig({ DATA_DIR: os.tmpdir(), ...s3.env })), stop: s3.stop };
  },
};

async function* failingAfter(bytes: Buffer, err: Error) {
  yield bytes;
  throw err;
}

describe.each(Object.entries(kinds))('%s storage', (kind, start) => {
  let storage: Storage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await start());
  });
  afterAll(async () => {
    storage.close();
    await stop();
  });

  it('is the kind the configuration names', () => {
    expect(storage.kind).toBe(kind);
  });

  it('writes a stream, reads it back as a stream, lists, sums and removes it', async () => {
    const written = await storage.write(
      'notes',
      'a.txt',
      Readable.from([Buffer.from('hello '), Buffer.from('world')]),
    );
    expect(written).toBe(11);
    await storage.write('notes', 'b.txt', Readable.from([Buffer.from('!')]));
    await storage.write('other', 'c.txt', Readable.from([Buffer.from('elsewhere')]));

    const read = await storage.read('notes', 'a.txt');
    expect(read?.size).toBe(11);
    expect(await text(read?.body ?? Readable.from([]))).toBe('hello world');
    expect(await storage.sizeOf('notes', 'a.txt')).toBe(11);
    const listed = [];
    for await (const file of storage.list('notes')) listed.push(file);
    expect(listed.sort((x, y) => x.name.localeCompare(y.name))).toEqual([
      { name: 'a.txt', size: 11 },
      { name: 'b.txt', size: 1 },
    ]);
    expect(await storage.usage('notes')).toBe(12);

    await storage.remove('notes', 'a.txt');
    await storage.remove('notes', 'a.txt'); // removing twice is fine
    expect(await storage.read('notes', 'a.txt')).toBeUndefined();
    expect(await storage.sizeOf('notes', 'a.txt')).toBeUndefined();
    expect(await storage.usage('notes')).toBe(1);
  });

  it('keeps nothing and throws the body’s own error when the body fails mid-stream', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 1); // over one S3 part: a multipart upload was begun
    const stopped = new Error('over the limit');
    await expect(storage.write('failed', 'x.bin', Readable.from(failingAfter(big, stopped)))).rejects.toBe(
      stopped,
    );
    expect(await storage.sizeOf('failed', 'x.bin')).toBeUndefined();
    expect(await storage.usage('failed')).toBe(0);
  });

  it('answers undefined for a file that is not there, and refuses names that leave their area', async () => {
    expect(await storage.read('notes', 'missing.txt')).toBeUndefined();
    expect(await storage.usage('nothing-here')).toBe(0);
    await expect(storage.read('notes', '../secret')).rejects.toThrow('unsafe storage path');
    await expect(storage.write('..', 'x', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      'unsafe storage path',
    );
  });
});
