import { Readable } from 'node:stream';
import type { Storage } from './storage.ts';

// An upload goes from the request to storage as a stream (issue 19): the type is read from the
// first bytes, the bytes are counted as they pass, and a file over its size limit or over the
// uploader's quota stops mid-stream with nothing kept. At most SAMPLE_BYTES plus a chunk or
// two (a storage part on S3) of one upload are in memory at a time. No byte passes to storage
// before the quota's room for it is reserved (issue 27 #7): the whole file when its size is
// known (it ended within the sample, or the request declared its length), else twice what
// arrived so far, renewed as it grows.

/** The request's Content-Length: an upload's file is no larger, so its room can be reserved at once. */
export const declaredLength = (req: { headers: Record<string, string | string[] | undefined> }) =>
  Number(req.headers['content-length']) || undefined;

/** What the type is read from: file-type needs a few KB; a zip-based format a little more. */
export const SAMPLE_BYTES = 256 * 1024;

/**
 * The uploader's quota: `reserve` holds room for at least `needed` bytes and at most `wanted`,
 * and answers how many it holds, or throws the quota's 413 when fewer than `needed` are left.
 */
export type UploadRoom = {
  reserve: (needed: number, wanted: number) => Promise<number>;
};

export type ReceiveOptions = {
  area: string;
  maxBytes: number;
  /** The error for a file over `maxBytes`. */
  tooLarge: () => Error;
  /** The error for a file with no bytes. */
  empty: () => Error;
  quota: UploadRoom;
  /** The request's Content-Length, when it has one: the file is no larger (a multipart body holds it). */
  declaredBytes?: number | undefined;
  /**
   * The stored name, chosen from the first bytes (SAMPLE_BYTES, or all of a smaller file);
   * throwing refuses the file before anything is stored.
   */
  nameFor: (sample: Buffer) => Promise<string> | string;
  /** Sees every chunk in order (a check that needs every byte). */
  observe?: (chunk: Buffer) => void;
};

export async function receiveUpload(
  storage: Storage,
  source: Readable,
  opts: ReceiveOptions,
): Promise<{ name: string; size: number }> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    const head: Buffer[] = [];
    let headBytes = 0;
    let ended = false;
    while (headBytes < SAMPLE_BYTES && headBytes <= opts.maxBytes) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      head.push(next.value);
      headBytes += next.value.length;
    }
    if (headBytes === 0) throw opts.empty();
    if (headBytes > opts.maxBytes) throw opts.tooLarge();
    const name = await opts.nameFor(Buffer.concat(head).subarray(0, SAMPLE_BYTES));
    /** The room to ask for once `size` bytes arrived: all of a file of known size, else twice that. */
    const wanted = (size: number) =>
      ended ? headBytes : Math.min(opts.maxBytes, Math.max(size, opts.declaredBytes ?? 2 * size));
    let room = 0;
    let size = 0;
    async function* checked() {
      const take = async (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) throw opts.tooLarge();
        if (size > room) room = await opts.quota.reserve(size, wanted(size));
        opts.observe?.(chunk);
        return chunk;
      };
      for (const chunk of head) yield await take(chunk);
      for (;;) {
        const next = await chunks.next();
        if (next.done) return;
        yield await take(next.value);
      }
    }
    await storage.write(opts.area, name, Readable.from(checked()));
    return { name, size };
  } catch (err) {
    await drain(chunks);
    throw err;
  }
}

/**
 * Reads what is left of a refused file, so the request is consumed and its answer goes out on a
 * connection that stays usable. The multipart parser stops the file at its own limit, so this
 * reads at most that many bytes.
 */
async function drain(chunks: AsyncIterator<Buffer>) {
  try {
    while (!(await chunks.next()).done) {
      // discarded
    }
  } catch {
    // the client went away: nothing left to read
  }
}
