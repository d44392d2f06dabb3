import { describe, expect, it } from 'vitest';
import { change, itTouchesOnEveryKind, touched } from '../../../test/changes.ts';
import { makeUser } from '../../../test/render.tsx';
import { authChanges } from './changes.ts';
import { sessionKey } from './keys.ts';

const caches = { session: sessionKey };
const signedIn = { session: makeUser({ id: 'u-1' }) };

describe('what a server change means for the session', () => {
  // change('user') is u-2's: someone else's.
  itTouchesOnEveryKind(authChanges, caches, {}, signedIn);

  it('refreshes the session when the changed user is the one signed in', () => {
    expect(touched(authChanges, caches, change('user', { id: 'u-1' }), signedIn)).toEqual(['session']);
  });

  it('leaves a signed-out session alone', () => {
    expect(touched(authChanges, caches, change('user', { id: 'u-1' }), { session: null })).toEqual([]);
  });
});
