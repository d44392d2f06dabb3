import { describe, expect, it } from 'vitest';
import { createSharedRoundTrips } from './round-trips.ts';

/** A loader whose batches are answered by hand, recording each batch as it is sent. */
function manual() {
  const sent: string[][] = [];
  const answers: (() => void)[] = [];
  const load = createSharedRoundTrips<string, string>(
    (keys) =>
      new Promise((resolve) => {
        sent.push([...keys]);
        answers.push(() =>
          resolve(keys.map((key) => (key === 'bad' ? new Error('no such key') : `v:${key}`))),
        );
      }),
  );
  const answerNext = async () => {
    answers.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { load, sent, answerNext };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createSharedRoundTrips', () => {
  it('sends a key alone at once when nothing is in flight', async () => {
    const { load, sent, answerNext } = manual();
    const value = load('a');
    await tick();
    expect(sent).toEqual([['a']]);
    await answerNext();
    expect(await value).toBe('v:a');
  });

  it('keeps the keys asked while a batch is out for the next one, sent only after it returns', async () => {
    const { load, sent, answerNext } = manual();
    const first = load('a');
    await tick();
    // Asked while ['a'] is out: neither goes in it, and nothing else is sent yet.
    const later = [load('b'), load('c'), load('b')];
    await tick();
    expect(sent).toEqual([['a']]);
    await answerNext();
    expect(sent).toEqual([['a'], ['b', 'c', 'b']]);
    await answerNext();
    expect(await first).toBe('v:a');
    expect(await Promise.all(later)).toEqual(['v:b', 'v:c', 'v:b']);
  });

  it('fails only the key answered with an error, and goes on after a batch fails whole', async () => {
    const failing = createSharedRoundTrips<string, string>(async (keys) => {
      if (keys.includes('down')) throw new Error('database away');
      return keys.map((key) => (key === 'bad' ? new Error('no such key') : `v:${key}`));
    });
    const [good, bad] = await Promise.allSettled([failing('a'), failing('bad')]);
    expect(good).toEqual({ status: 'fulfilled', value: 'v:a' });
    expect(bad.status).toBe('rejected');
    await expect(failing('down')).rejects.toThrow('database away');
    expect(await failing('again')).toBe('v:again');
  });
});
