import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { receiveUpload, SAMPLE_BYTES } from './receive-upload.ts';
import type { Storage } from './storage.ts';

// The streaming pipeline of every upload (issue 19), against a storage that takes its time:
// bytes are never read far ahead of what storage took, and a refused file leaves nothing.

const MB = 1024 * 1024;

/** A client sending `total` bytes in 64 KiB chunks; `sent` says how many were read from it. */
function client(total: number) {
  const state = { sent: 0 };
  async function* chunks() {
    while (state.sent < total) {
      const size = Math.min(64 * 1024, total - state.sent);
      state.sent += size;
      yield Buffer.alloc(size, 1);
    }
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), state };
}

/** A slow storage that records how far the reading ran ahead of it, and what it kept. */
function slowStorage(sent: { sent: number }) {
  const kept = new Map<string, number>();
  const seen = { lead: 0, writes: 0 };
  const storage = {
    kind: 'disk',
    async write(_area: string, name: string, body: Readable) {
      seen.writes++;
      let taken = 0;
      for await (const chunk of body) {
        taken += (chunk as Buffer).length;
        seen.lead = Math.max(seen.lead, sent.sent - taken);
        await new Promise((r) => setTimeout(r, 0));
      }
      kept.set(name, taken);
      return taken;
    },
  } as unknown as Storage;
  return { storage, kept, seen };
}

const errors = { tooLarge: () => new Error('too large'), empty: () => new Error('empty') };
const roomy = { reserve: async (_needed: number, wanted: number) => wanted };

describe('receiveUpload', () => {
  it('streams a 20 MB file to storage, never more than a sample and a chunk or two ahead of it', async () => {
    const { stream, state } = client(20 * MB);
    const { storage, kept, seen } = slowStorage(state);
    const stored = await receiveUpload(storage, stream, {
      area: 'documents',
      maxBytes: 25 * MB,
      ...errors,
      quota: roomy,
      nameFor: () => 'x.bin',
    });
    expect(stored).toEqual({ name: 'x.bin', size: 20 * MB });
    expect(kept.get('x.bin')).toBe(20 * MB);
    expect(seen.lead).toBeLessThanOrEqual(SAMPLE_BYTES + 256 * 1024);
  });

  it('stops one byte over the limit with its error, keeps nothing, and reads the rest of the request', async () => {
    const { stream, state } = client(3 * MB);
    const { storage, kept } = slowStorage(state);
    const upload = receiveUpload(storage, stream, {
      area: 'documents',
      maxBytes: 2 * MB,
      ...errors,
      quota: roomy,
      nameFor: () => 'x.bin',
    });
    await expect(upload).rejects.toThrow('too large');
    expect(kept.size).toBe(0);
    expect(state.sent).toBe(3 * MB);
  });

  it('reserves room before the bytes pass, more as the file grows, and stops with the error of a quota with none left', async () => {
    const { stream, state } = client(5 * MB);
    const { storage, kept } = slowStorage(state);
    const asked: Array<[number, number]> = [];
    const upload = receiveUpload(storage, stream, {
      area: 'documents',
      maxBytes: 25 * MB,
      ...errors,
      quota: {
        reserve: async (needed, wanted) => {
          asked.push([needed, wanted]);
          if (needed > 1 * MB) throw new Error('over quota');
          return Math.min(wanted, 1 * MB);
        },
      },
      nameFor: () => 'x.bin',
    });
    await expect(upload).rejects.toThrow('over quota');
    // The first chunk, with room for twice as much (no length declared), then as it grows.
    expect(asked[0]).toEqual([64 * 1024, 128 * 1024]);
    const [needed] = asked.at(-1) ?? [0];
    expect(needed).toBeGreaterThan(1 * MB);
    expect(needed).toBeLessThanOrEqual(1 * MB + 64 * 1024);
    expect(asked.length).toBeLessThanOrEqual(6);
    expect(kept.size).toBe(0);
  });

  it('reserves the whole file at once when its size is known: ended within the sample, or declared', async () => {
    const small = client(100 * 1024);
    const asked: Array<[number, number]> = [];
    const reserve = async (needed: number, wanted: number) => {
      asked.push([needed, wanted]);
      return wanted;
    };
    const common = {
      area: 'documents',
      maxBytes: 25 * MB,
      ...errors,
      quota: { reserve },
      nameFor: () => 'x.bin',
    };
    await receiveUpload(slowStorage(small.state).storage, small.stream, common);
    expect(asked).toEqual([[64 * 1024, 100 * 1024]]);

    asked.length = 0;
    const large = client(3 * MB);
    await receiveUpload(slowStorage(large.state).storage, large.stream, {
      ...common,
      declaredBytes: 3 * MB + 200,
    });
    expect(asked).toEqual([[64 * 1024, 3 * MB + 200]]);
  });

  it('refuses an empty file, and a file its first bytes refuse, before storage sees anything', async () => {
    const empty = client(0);
    const nothing = slowStorage(empty.state);
    await expect(
      receiveUpload(nothing.storage, empty.stream, {
        area: 'avatars',
        maxBytes: MB,
        ...errors,
        quota: roomy,
        nameFor: () => 'x.png',
      }),
    ).rejects.toThrow('empty');
    expect(nothing.seen.writes).toBe(0);

    const text = client(MB);
    const refused = slowStorage(text.state);
    await expect(
      receiveUpload(refused.storage, text.stream, {
        area: 'avatars',
        maxBytes: 2 * MB,
        ...errors,
        quota: roomy,
        nameFor: () => {
          throw new Error('not an image');
        },
      }),
    ).rejects.toThrow('not an image');
    expect(refused.seen.writes).toBe(0);
    expect(text.state.sent).toBe(MB);
  });
});
