import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, api, setReauthHandler } from './api-client.ts';

const reauthRequired = () =>
  new Response(
    JSON.stringify({
      error: 'Forbidden',
      code: 'REAUTH_REQUIRED',
      message: 'Confirm it is you: enter your password or a two-factor code again.',
      details: { password: true },
      requestId: 'r1',
    }),
    { status: 403, headers: { 'Content-Type': 'application/json' } },
  );
const ok = () =>
  new Response(JSON.stringify({ role: 'admin' }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => setReauthHandler(undefined));

describe('a call that needs a recent sign-in (issue 27 #2)', () => {
  it('asks the registered handler with the answer’s details, then sends the call again once', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(reauthRequired())
      .mockResolvedValueOnce(ok());
    vi.stubGlobal('fetch', fetchMock);
    const handler = vi.fn(async () => true);
    setReauthHandler(handler);

    await expect(api.patch('/user/u1/role', { role: 'admin' })).resolves.toEqual({ role: 'admin' });
    expect(handler).toHaveBeenCalledWith({ password: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"role":"admin"}');
  });

  it('answers the 403 when the person cancels, or when the retry is refused again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => reauthRequired()),
    );
    setReauthHandler(async () => false);
    const cancelled = await api.patch('/user/u1/role', { role: 'admin' }).catch((e: unknown) => e);
    expect(cancelled).toBeInstanceOf(ApiRequestError);
    expect((cancelled as ApiRequestError).code).toBe('REAUTH_REQUIRED');

    const fetchMock = vi.fn<typeof fetch>(async () => reauthRequired());
    vi.stubGlobal('fetch', fetchMock);
    setReauthHandler(async () => true);
    const again = await api.patch('/user/u1/role', { role: 'admin' }).catch((e: unknown) => e);
    expect((again as ApiRequestError).code).toBe('REAUTH_REQUIRED');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
