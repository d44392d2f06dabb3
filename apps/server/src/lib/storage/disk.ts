import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkName, type Storage, sumSizes } from './files.ts';

/** Files under DATA_DIR/uploads/<area>/: written to `<name>.tmp`, renamed once complete. */
export function createDiskStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  const pathOf = (area: string, name: string) => {
    checkName(area, name);
    return path.join(root, area, name);
  };
  const statOf = async (file: string) => {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    return stat?.isFile() ? stat : undefined;
  };

  async function* list(area: string) {
    checkName(area, 'probe');
    const dir = path.join(root, area);
    const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (name.endsWith('.tmp') || name.startsWith('.')) continue;
      const stat = await statOf(path.join(dir, name));
      if (stat) yield { name, size: stat.size };
    }
  }

  return {
    kind: 'disk',
    async write(area, name, body) {
      const file = pathOf(area, name);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp`;
      try {
        await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx' }));
        await fs.promises.rename(tmp, file);
      } catch (err) {
        await fs.promises.rm(tmp, { force: true });
        throw err;
      }
      return (await statOf(file))?.size ?? 0;
    },
    async read(area, name) {
      const file = pathOf(area, name);
      const stat = await statOf(file);
      return stat ? { size: stat.size, body: fs.createReadStream(file) } : undefined;
    },
    async remove(area, name) {
      await fs.promises.rm(pathOf(area, name), { force: true });
    },
    async sizeOf(area, name) {
      return (await statOf(pathOf(area, name)))?.size;
    },
    list,
    usage: (area) => sumSizes(list(area)),
    close: () => {},
  };
}
