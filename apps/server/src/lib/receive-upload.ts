import { Readable } from 'node:stream';
import type { Storage } from './storage.ts';

// An upload goes from the request to storage as a stream (issue 19): the type is read from the
// first bytes, the bytes are counted as they pass, and a file over its size limit or over the
// uploader's quota stops mid-stream with nothing kept. At most SAMPLE_BYTES plus a chunk or
// two (a storage part on S3) of one upload are in memory at a time.

/** What the type is read from: file-type needs a few KB; a zip-based format a little more. */
export const SAMPLE_BYTES = 256 * 1024;

/** The bytes an uploader may still store; past them, `exceeded` throws the quota's 413 or gives new room. */
export type UploadRoom = {
  room: () => Promise<number>;
  exceeded: (bytes: number) => Promise<number>;
};

export type ReceiveOptions = {
  area: string;
  maxBytes: number;
  /** The error for a file over `maxBytes`. */
  tooLarge: () => Error;
  /** The error for a file with no bytes. */
  empty: () => Error;
  quota: UploadRoom;
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
    while (headBytes < SAMPLE_BYTES && headBytes <= opts.maxBytes) {
      const next = await chunks.next();
      if (next.done) break;
      head.push(next.value);
      headBytes += next.value.length;
    }
    if (headBytes === 0) throw opts.empty();
    if (headBytes > opts.maxBytes) throw opts.tooLarge();
    const name = await opts.nameFor(Buffer.concat(head).subarray(0, SAMPLE_BYTES));
    let room = await opts.quota.room();
    let size = 0;
    async function* checked() {
      const take = async (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) throw opts.tooLarge();
        if (size > room) room = await opts.quota.exceeded(size);
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
