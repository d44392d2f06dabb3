import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedTarget } from './ssrf.ts';

/**
 * POSTs the body to the URL, connecting to the checked address only (webhooks, web push): the
 * lookup hands the socket the address resolveWebhookTarget (lib/ssrf.ts) vetted, so a second DNS
 * answer (rebinding) is never used, while the Host header, TLS SNI and certificate check still use
 * the URL's host name. Redirects are not followed (a 3xx is the answer); the response body is not
 * read. Answers the status code.
 */
export function postToTarget(
  url: URL,
  target: ResolvedTarget,
  body: string | Buffer,
  signal: AbortSignal,
  headers: Record<string, string>,
): Promise<number> {
  const lookup = ((_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: false,
        signal,
      },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The promise, or the signal's reason once it aborts first (a DNS lookup cannot be cancelled). */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
