import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// Files live under DATA_DIR/uploads/<area>/; names are ours (random), never the client's.
export type Storage = {
  root: string;
  /**
   * Stores the bytes under a new random name; with `owner`, the name starts with it
   * (`<owner>-<random>.<ext>`), so what a file belongs to is read from the name we chose.
   */
  save: (area: string, ext: string, data: Buffer, owner?: string) => Promise<string>;
  remove: (area: string, name: string) => Promise<void>;
  pathOf: (area: string, name: string) => string;
  /** The stored size in bytes, or undefined when there is no such file. */
  sizeOf: (area: string, name: string) => Promise<number | undefined>;
  /** The bytes stored in an area (every file in it). */
  usage: (area: string) => Promise<number>;
};

const safe = /^[a-zA-Z0-9_.-]+$/;

export function createStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const pathOf = (area: string, name: string) => {
    if (!safe.test(area) || !safe.test(name) || name.startsWith('.')) throw new Error('unsafe storage path');
    return path.join(root, area, name);
  };
  return {
    root,
    pathOf,
    async save(area, ext, data, owner) {
      const random = randomBytes(16).toString('hex');
      const name = owner ? `${owner}-${random}.${ext}` : `${random}.${ext}`;
      const file = pathOf(area, name);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
      return name;
    },
    async remove(area, name) {
      await fs.rm(pathOf(area, name), { force: true });
    },
    async sizeOf(area, name) {
      const stat = await fs.stat(pathOf(area, name)).catch(() => undefined);
      return stat?.isFile() ? stat.size : undefined;
    },
    async usage(area) {
      const dir = path.dirname(pathOf(area, 'area-probe'));
      const names = await fs.readdir(dir).catch(() => [] as string[]);
      let total = 0;
      for (const name of names) {
        const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
        if (stat?.isFile()) total += stat.size;
      }
      return total;
    },
  };
}
