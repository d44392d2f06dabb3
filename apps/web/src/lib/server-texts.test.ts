import * as shared from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from './server-texts.ts';

/** Every string held by a `…Messages` object of packages/shared. */
function sharedMessages(): Set<string> {
  const texts = new Set<string>();
  for (const [name, value] of Object.entries(shared)) {
    if (!name.endsWith('Messages') || typeof value !== 'object' || value === null) continue;
    for (const text of Object.values(value)) if (typeof text === 'string') texts.add(text);
  }
  return texts;
}

describe('server texts', () => {
  it('lists only texts that packages/shared still holds, each once', () => {
    const known = sharedMessages();
    expect(SERVER_TEXTS.filter((text) => !known.has(text))).toEqual([]);
    expect(new Set(SERVER_TEXTS).size).toBe(SERVER_TEXTS.length);
  });
});
