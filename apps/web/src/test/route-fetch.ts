import { vi } from 'vitest';

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
