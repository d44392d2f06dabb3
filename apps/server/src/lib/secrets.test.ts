import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretBox, SECRET_KEY_FILE, SecretDecryptError } from './secrets.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});
async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-secrets-'));
  dirs.push(dir);
  return dir;
}

describe('createSecretBox', () => {
  const box = createSecretBox('an app secret that is long enough for tests');

  it('round-trips a value, and never stores it in clear', () => {
    const stored = box.encrypt('sk_live_abcdef123456', 'services.api_key:1');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('sk_live');
    expect(box.decrypt(stored, 'services.api_key:1')).toBe('sk_live_abcdef123456');
  });

  it('uses a fresh IV each time: the same value encrypts differently', () => {
    expect(box.encrypt('same', 'c')).not.toBe(box.encrypt('same', 'c'));
  });

  it('refuses a value moved to another row or column, or made by another key', () => {
    const stored = box.encrypt('secret', 'services.api_key:1');
    expect(() => box.decrypt(stored, 'services.api_key:2')).toThrow(SecretDecryptError);
    expect(() =>
      createSecretBox('another secret, also long enough!!').decrypt(stored, 'services.api_key:1'),
    ).toThrow(SecretDecryptError);
  });

  it('refuses a tampered value', () => {
    const [v, iv, ct, tag] = box.encrypt('secret', 'c').split('.');
    const flipped = `${ct?.startsWith('A') ? 'B' : 'A'}${ct?.slice(1)}`;
    expect(() => box.decrypt([v, iv, flipped, tag].join('.'), 'c')).toThrow(SecretDecryptError);
    expect(() => box.decrypt('not a secret', 'c')).toThrow(SecretDecryptError);
  });
});

describe('loadSecretBox', () => {
  it('without APP_SECRET creates DATA_DIR/secret.key (mode 0600) once, and reuses it', async () => {
    const dataDir = path.join(await tempDir(), 'nested');
    const first = await loadSecretBox({ appSecret: undefined, dataDir });
    const file = path.join(dataDir, SECRET_KEY_FILE);
    const stat = await fs.stat(file);
    expect(stat.mode & 0o777).toBe(0o600);
    const key = await fs.readFile(file, 'utf8');
    expect(Buffer.from(key.trim(), 'base64')).toHaveLength(32);

    const stored = first.encrypt('value', 'ctx');
    const second = await loadSecretBox({ appSecret: undefined, dataDir });
    expect(await fs.readFile(file, 'utf8')).toBe(key);
    expect(second.decrypt(stored, 'ctx')).toBe('value');
    expect((await fs.readdir(dataDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('gives processes starting together one key', async () => {
    const dataDir = await tempDir();
    const boxes = await Promise.all(
      Array.from({ length: 5 }, () => loadSecretBox({ appSecret: undefined, dataDir })),
    );
    const stored = boxes[0]?.encrypt('value', 'ctx') ?? '';
    for (const box of boxes) expect(box.decrypt(stored, 'ctx')).toBe('value');
  });

  it('with APP_SECRET uses it and writes no file', async () => {
    const dataDir = await tempDir();
    const box = await loadSecretBox({ appSecret: 'x'.repeat(40), dataDir });
    expect(createSecretBox('x'.repeat(40)).decrypt(box.encrypt('v', 'c'), 'c')).toBe('v');
    expect(await fs.readdir(dataDir)).toEqual([]);
  });

  it('refuses a damaged key file rather than use it', async () => {
    const dataDir = await tempDir();
    await fs.writeFile(path.join(dataDir, SECRET_KEY_FILE), 'short\n');
    await expect(loadSecretBox({ appSecret: undefined, dataDir })).rejects.toThrow(/32-byte/);
  });
});
