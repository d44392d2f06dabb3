import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../errors.ts';

// What every place that keeps uploaded bytes sees (docs/decisions/014-object-storage.md): files
// addressed as <area>/<name>, names ours (random), never the client's; bytes move as streams.

type StoredFile = { size: number; body: Readable };

export type Storage = {
  /** Where the bytes are: 'disk' (DATA_DIR) or 's3' (the bucket), for logs and the guide. */
  kind: 'disk' | 's3';
  /**
   * Streams `body` into `<area>/<name>` and resolves with the bytes written. If the body fails
   * (an upload over its limit), nothing is left under that name and the body's error is thrown.
   */
  write: (area: string, name: string, body: Readable) => Promise<number>;
  /** The stored bytes as a stream, or undefined when there is no such file. */
  read: (area: string, name: string) => Promise<StoredFile | undefined>;
  remove: (area: string, name: string) => Promise<void>;
  /** The stored size in bytes, or undefined when there is no such file. */
  sizeOf: (area: string, name: string) => Promise<number | undefined>;
  /** Every file of an area, with its size. */
  list: (area: string) => AsyncIterable<{ name: string; size: number }>;
  /** The bytes stored in an area (every file in it). */
  usage: (area: string) => Promise<number>;
  close: () => void;
};

/** Where a storage failure is told (the app's logger). */
export type WarnLog = { warn: (details: object, message: string) => void };

/** The bucket does not answer, or refuses our credentials: the caller may try again later. */
export const storageUnavailable = () =>
  new AppError(
    503,
    'STORAGE_UNAVAILABLE',
    'Files cannot be reached right now. Please try again in a moment.',
  );

const safe = /^[a-zA-Z0-9_.-]+$/;

/** Refuses an area or name that could leave its folder (or its key prefix). */
export function checkName(area: string, name: string) {
  if (!safe.test(area) || !safe.test(name) || name.startsWith('.') || area.startsWith('.')) {
    throw new Error('unsafe storage path');
  }
}

/**
 * A new random name; with `owner`, it starts with it (`<owner>-<random>.<ext>`), so what a file
 * belongs to is read from the name we chose.
 */
export function newFileName(ext: string, owner?: string): string {
  const random = randomBytes(16).toString('hex');
  return owner ? `${owner}-${random}.${ext}` : `${random}.${ext}`;
}

/** Sums the sizes of an area's files. */
export async function sumSizes(files: AsyncIterable<{ size: number }>): Promise<number> {
  let total = 0;
  for await (const file of files) total += file.size;
  return total;
}
