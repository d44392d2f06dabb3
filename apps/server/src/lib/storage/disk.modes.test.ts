import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecretBox, SECRET_KEY_FILE } from '../secrets.ts';
import { createDiskStorage } from './disk.ts';

// Issue 27 #11: what the server keeps in DATA_DIR is readable by its own OS user only: upload
// folders 0700, files 0600, secret.key 0600, and an install made before is put right at start.

let dataDir: string;
beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-modes-'));
});
afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

const modeOf = async (...parts: string[]) => (await fs.stat(path.join(dataDir, ...parts))).mode & 0o777;

describe('the files the server keeps in DATA_DIR', () => {
  it('stores an upload as 0600 in folders of 0700', async () => {
    const storage = createDiskStorage(dataDir);
    await storage.write('documents', 'a.bin', Readable.from([Buffer.from('secret plans')]));
    expect(await modeOf('uploads')).toBe(0o700);
    expect(await modeOf('uploads', 'documents')).toBe(0o700);
    expect(await modeOf('uploads', 'documents', 'a.bin')).toBe(0o600);
  });

  it('closes the upload folders of an install made before, when the storage opens', async () => {
    const area = path.join(dataDir, 'uploads', 'avatars');
    await fs.mkdir(area, { recursive: true, mode: 0o755 });
    await fs.chmod(path.join(dataDir, 'uploads'), 0o755);
    await fs.writeFile(path.join(area, 'old.png'), 'png', { mode: 0o644 });

    createDiskStorage(dataDir);
    expect(await modeOf('uploads')).toBe(0o700);
    expect(await modeOf('uploads', 'avatars')).toBe(0o700);
  });

  it('creates secret.key as 0600 and makes an older, wider one 0600 when it is read', async () => {
    await loadSecretBox({ appSecret: undefined, dataDir });
    expect(await modeOf(SECRET_KEY_FILE)).toBe(0o600);

    await fs.chmod(path.join(dataDir, SECRET_KEY_FILE), 0o644);
    await loadSecretBox({ appSecret: undefined, dataDir });
    expect(await modeOf(SECRET_KEY_FILE)).toBe(0o600);
  });
});
