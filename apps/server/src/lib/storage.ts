import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// Files live under DATA_DIR/uploads/<area>/; names are ours (random), never the client's.
export type Storage = {
  root: string;
  save: (area: string, ext: string, data: Buffer) => Promise<string>;
  remove: (area: string, name: string) => Promise<void>;
  pathOf: (area: string, name: string) => string;
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
    async save(area, ext, data) {
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
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
  };
}
