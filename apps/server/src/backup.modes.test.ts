import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup, restore } from './backup.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';

// Issue 27 #11: a backup and a restore keep what they write to their owner: the archive 0600 in
// a folder of 0700, and a restored DATA_DIR's uploads 0700 / 0600 whatever the archive says.

let base: string;
const modeOf = async (file: string) => (await fs.stat(file)).mode & 0o777;

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-backup-modes-'));
  await fs.chmod(base, 0o755); // the postgres user must be able to enter it
}, 60_000);
afterAll(() => fs.rm(base, { recursive: true, force: true }));

describe('the modes of what a backup and a restore write', () => {
  it('writes the archive 0600 in new folders of 0700, and restores uploads as 0600 in 0700 folders', async () => {
    const source = path.join(base, 'source');
    await (await startEmbeddedPostgres(source, () => {})).stop();
    // Uploads as an install made before this fix left them.
    const area = path.join(source, 'uploads', 'documents');
    await fs.mkdir(area, { recursive: true, mode: 0o755 });
    await fs.chmod(path.join(source, 'uploads'), 0o755);
    await fs.writeFile(path.join(area, 'plans.bin'), 'plans', { mode: 0o644 });

    const made = await backup({ dataDir: source, out: path.join(base, 'kept', 'archives') });
    expect(await modeOf(made.file)).toBe(0o600);
    expect(await modeOf(path.join(base, 'kept'))).toBe(0o700);
    expect(await modeOf(path.join(base, 'kept', 'archives'))).toBe(0o700);

    const restored = path.join(base, 'restored');
    await restore({ archive: made.file, dataDir: restored });
    expect(await modeOf(path.join(restored, 'uploads'))).toBe(0o700);
    expect(await modeOf(path.join(restored, 'uploads', 'documents'))).toBe(0o700);
    expect(await modeOf(path.join(restored, 'uploads', 'documents', 'plans.bin'))).toBe(0o600);
    expect(await fs.readFile(path.join(restored, 'uploads', 'documents', 'plans.bin'), 'utf8')).toBe('plans');
  }, 120_000);
});
