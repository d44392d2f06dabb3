import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createStorage } from './lib/storage.ts';
import { type LocalS3, startLocalS3 } from './testing/s3.ts';

// The command of docs/operations.md that moves existing uploads from DATA_DIR to the bucket,
// run as an operator runs it: `npm run storage:migrate` at the repository root.

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

let s3: LocalS3;
let dataDir: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-migrate-'));
  const write = async (area: string, name: string, content: string) => {
    await fs.mkdir(path.join(dataDir, 'uploads', area), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'uploads', area, name), content);
  };
  await write('documents', `${'a'.repeat(32)}.txt`, 'the plan');
  await write('documents', `${'b'.repeat(32)}.pdf`, '%PDF-1.4 not really');
  await write('avatars', `${'c'.repeat(32)}.png`, 'png bytes');
  await write('documents', `${'d'.repeat(32)}.txt.tmp`, 'an upload cut short');
  await write('lost+found', 'x', 'not ours');
});
afterAll(async () => {
  await s3?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function storageMigrate(...args: string[]) {
  return run('npm', ['run', '--silent', 'storage:migrate', '--', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: os.tmpdir(), DATA_DIR: dataDir, ...s3.env },
  });
}

const localFiles = async (area: string) =>
  (await fs.readdir(path.join(dataDir, 'uploads', area)).catch(() => [])).sort();

describe('npm run storage:migrate', () => {
  it('copies every upload to the bucket under the same key, skips partial files and folders not ours, and keeps the local copies', async () => {
    const { stdout } = await storageMigrate();
    expect(stdout).toContain(`copied 3 files (36 bytes) to bucket ${s3.bucket}, 0 already there, 0 removed`);
    expect(await s3.keys()).toEqual([
      `avatars/${'c'.repeat(32)}.png`,
      `documents/${'a'.repeat(32)}.txt`,
      `documents/${'b'.repeat(32)}.pdf`,
    ]);
    const bucket = createStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }));
    const plan = await bucket.read('documents', `${'a'.repeat(32)}.txt`);
    expect(plan && (await text(plan.body))).toBe('the plan');
    bucket.close();
    expect(await localFiles('documents')).toHaveLength(3);
  }, 60_000);

  it('copies nothing twice, and with --delete removes the local files the bucket holds', async () => {
    const again = await storageMigrate('--delete');
    expect(again.stdout).toContain('copied 0 files (0 bytes)');
    expect(again.stdout).toContain('3 already there, 3 removed');
    expect(await localFiles('documents')).toEqual([`${'d'.repeat(32)}.txt.tmp`]);
    expect(await localFiles('avatars')).toEqual([]);
    expect(await s3.keys()).toHaveLength(3);
  }, 60_000);

  it('says in one line what is missing when no bucket is configured, and exits 1', async () => {
    const failed = await run('npm', ['run', '--silent', 'storage:migrate'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), DATA_DIR: dataDir },
    }).catch((err: { code: number; stderr: string }) => err);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stderr.trim()).toBe(
      'shipyard storage:migrate: set S3_BUCKET (and S3_URL and the credentials) to the bucket to move the files to',
    );
  }, 60_000);
});
