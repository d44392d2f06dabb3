import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkName, type Storage, sumSizes } from './files.ts';

/**
 * Only the server's OS user reads what was uploaded (issue 27 #11): folders 0700, files 0600,
 * whatever the umask. The process's umask can only take bits away from these.
 */
export const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * An install made before kept 0755 folders (and 0644 files in them): closing the uploads folder
 * and its areas is a few calls at start, and a file in a 0700 folder is out of everyone else's
 * reach whatever its own mode. Best effort: a folder we do not own is left as it is.
 */
function closeFolders(root: string) {
  const close = (dir: string) => {
    try {
      if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIR) fs.chmodSync(dir, PRIVATE_DIR);
    } catch {
      // missing (a fresh install) or not ours
    }
  };
  close(root);
  let areas: fs.Dirent[] = [];
  try {
    areas = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return;
  }
  for (const area of areas) if (area.isDirectory()) close(path.join(root, area.name));
}

/** Every folder 0700 and file 0600 under `dir` (files a restore unpacked with the archive's modes). */
export async function makePrivate(dir: string): Promise<void> {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => undefined);
  if (!entries) return;
  await fs.promises.chmod(dir, PRIVATE_DIR);
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await makePrivate(full);
    else if (entry.isFile()) await fs.promises.chmod(full, PRIVATE_FILE);
  }
}

/** Files under DATA_DIR/uploads/<area>/: written to `<name>.tmp`, renamed once complete. */
export function createDiskStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'uploads');
  closeFolders(root);
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
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
      const tmp = `${file}.tmp`;
      try {
        await pipeline(body, fs.createWriteStream(tmp, { flags: 'wx', mode: PRIVATE_FILE }));
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
