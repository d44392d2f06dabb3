import { vi } from 'vitest';

// Tests have no server: these stub `fetch`, build its answers, and read what was sent.

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The error shape our server answers (ARCHITECTURE §3.3). */
export function apiError(status: number, code: string, message: string, details?: unknown) {
  return jsonResponse(status, { error: 'Error', message, code, details, requestId: 'req-test' });
}

/**
 * Stubs `fetch` with answers given in call order (the last one repeats). Read what was sent with
 * `sentRequest(fetchMock, n)` and `fetchMock.mock.calls[n]`.
 */
export function mockFetch(...responses: Array<Response | (() => Response | Promise<Response>)>) {
  let call = 0;
  const fetchMock = vi.fn<typeof fetch>(async () => {
    const next = responses[Math.min(call, responses.length - 1)];
    call += 1;
    if (next === undefined) throw new TypeError('Failed to fetch');
    const response = typeof next === 'function' ? await next() : next;
    return response.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

type Answer =
  | Response
  | ((request: { url: URL; init: RequestInit | undefined }) => Response | Promise<Response>);

/**
 * Stubs `fetch` with answers chosen by method and path ('GET /api/projects/p-1'), for screens
 * that make several calls at once in no fixed order. The query string is not part of the key;
 * read it from the calls. An unrouted call fails the test loudly with a 599.
 */
export function routeFetch(routes: Record<string, Answer>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = routes[key];
    if (!answer) return new Response(`No route for ${key}`, { status: 599 });
    const response = typeof answer === 'function' ? await answer({ url, init }) : answer;
    return response.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to `method path`, each with its URL (query included) and init. */
export function callsTo(fetchMock: ReturnType<typeof routeFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === path);
}

/** The method, URL and parsed JSON body of the n-th fetch call. */
export function sentRequest(fetchMock: ReturnType<typeof mockFetch>, n = 0) {
  const [url, init] = fetchMock.mock.calls[n] ?? [];
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  return { url: String(url), method: init?.method, body };
}

/** A promise to settle by hand, for asserting loading states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

/** The JSON body of a call's init (from `callsTo`), parsed. */
export const sentJson = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
