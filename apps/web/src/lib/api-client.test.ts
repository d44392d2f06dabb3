import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, api, errorMessages, getErrorMessage } from './api-client.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(response: Response | Error) {
  const fetchMock = vi.fn<typeof fetch>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failureOf(call: Promise<unknown>): Promise<ApiRequestError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiRequestError))
    throw new Error(`expected an ApiRequestError, got ${String(error)}`);
  return error;
}

describe('api requests', () => {
  it('sends JSON to /api with the session cookie and returns the parsed answer', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { id: 'p1' }));

    await expect(api.post('/projects', { name: 'Atlas' })).resolves.toEqual({ id: 'p1' });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/projects');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"name":"Atlas"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('returns undefined for an empty answer and sends no body without one', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));

    await expect(api.delete('/projects/p1')).resolves.toBeUndefined();

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('DELETE');
    expect(init?.body).toBeUndefined();
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });
});

describe('error text (spec §8.1)', () => {
  it("uses our server's message rather than its status title, and keeps code and requestId", async () => {
    mockFetch(
      jsonResponse(400, {
        error: 'Bad Request',
        message: 'This verification link is invalid or has expired.',
        code: 'VERIFY_TOKEN_INVALID',
        requestId: 'req-1',
      }),
    );

    const error = await failureOf(api.get('/auth/verify?token=x'));

    expect(error.message).toBe('This verification link is invalid or has expired.');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VERIFY_TOKEN_INVALID');
    expect(error.requestId).toBe('req-1');
    expect(error.isClientError).toBe(true);
  });

  it.each([
    ['error before message', { error: 'from error', message: 'from message' }, 'from error'],
    ['message before email', { message: 'from message', email: 'from email' }, 'from message'],
    ['email before detail', { email: 'from email', detail: 'from detail' }, 'from email'],
    ['an email list joined with commas', { email: ['taken', 'invalid'] }, 'taken, invalid'],
    ['detail before data.message', { detail: 'from detail', data: { message: 'nested' } }, 'from detail'],
    ['nested data.message', { data: { message: 'nested' } }, 'nested'],
    [
      'non-text and empty fields skipped',
      { error: { code: 1 }, message: '', detail: 'from detail' },
      'from detail',
    ],
    ['the server text when nothing fits', { status: 'failed' }, errorMessages.server],
  ])('takes %s', async (_case, body, expected) => {
    mockFetch(jsonResponse(422, body));

    expect((await failureOf(api.get('/x'))).message).toBe(expected);
  });

  it('falls back to the server text for a body that is not JSON', async () => {
    mockFetch(
      new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );

    const error = await failureOf(api.get('/x'));

    expect(error.message).toBe(errorMessages.server);
    expect(error.status).toBe(502);
    expect(error.isClientError).toBe(false);
  });

  it('reports no response when the request never got an answer', async () => {
    mockFetch(new TypeError('Failed to fetch'));

    const error = await failureOf(api.get('/x'));

    expect(error.message).toBe(
      'No response received from the server. Please check your connection or try again later.',
    );
    expect(error.status).toBe(0);
  });

  it('lets a cancelled request reject with the abort itself', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    mockFetch(abort);

    await expect(api.get('/x', { signal: controller.signal })).rejects.toBe(abort);
  });

  it.each([
    ['a plain string as is', 'Something broke', 'Something broke'],
    ['an empty string as unknown', '', 'An unknown error occurred.'],
    ['a missing error as unknown', undefined, 'An unknown error occurred.'],
    ['an Error by its message', new Error('Client message'), 'Client message'],
    ['an unknown object as unexpected', { weird: true }, 'An unexpected error occurred.'],
  ])('getErrorMessage shows %s', (_case, error, expected) => {
    expect(getErrorMessage(error)).toBe(expected);
  });

  it.each([
    [
      "the server's message when it answered our error shape",
      new ApiRequestError('Name taken', {
        status: 409,
        body: { error: 'Conflict', message: 'Name taken', code: 'CONFLICT' },
      }),
      'Name taken',
    ],
    [
      'the no-response text when nothing came back',
      new ApiRequestError('Unable to connect to server. Please check your connection.', {
        status: 0,
        body: undefined,
      }),
      'Unable to connect to server. Please check your connection.',
    ],
    [
      'the fallback for an answer without our shape',
      new ApiRequestError('Bad Gateway', { status: 502, body: '<html>' }),
      'Failed to save',
    ],
    ['the fallback for a client-side error', new Error('x is undefined'), 'Failed to save'],
    ['the fallback for a plain string', 'oops', 'Failed to save'],
  ])('getErrorMessage with a fallback shows %s', (_case, error, expected) => {
    expect(getErrorMessage(error, 'Failed to save')).toBe(expected);
  });
});
