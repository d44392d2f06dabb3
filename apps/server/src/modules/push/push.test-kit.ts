import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { madeInBeforeAll } from '../../testing/http.ts';

// A local push service for the push tests: an http server on loopback that records what the app
// POSTs and answers what the test says; and a browser's side of a subscription (a P-256 key pair
// and an auth secret) that decrypts what arrives, by RFC 8291, and checks its VAPID header (RFC 8292).

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };

export type PushService = {
  origin: string;
  received: Received[];
  /** The status the next requests to `path` get (201 until told). */
  answer: (path: string, ...statuses: number[]) => void;
};

/** Starts the service in beforeAll, stops it in afterAll. */
export function useLocalPushService(): PushService {
  let server: http.Server | undefined;
  let origin = '';
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  beforeAll(async () => {
    const listening = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '/';
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        const queue = answers.get(path) ?? [];
        res.statusCode = queue.length > 1 ? (queue.shift() as number) : (queue[0] ?? 201);
        res.end();
      });
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  const service = {
    received,
    answer: (path: string, ...statuses: number[]) => void answers.set(path, statuses),
  };
  return madeInBeforeAll(() => (origin ? { ...service, origin } : undefined), 'the local push service');
}

/** A browser's subscription to the local service: what it posts, and what it can read. */
export function browserSubscription(origin: string, path = `/push/${randomBytes(6).toString('hex')}`) {
  const ecdh: ECDH = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    path,
    body: {
      endpoint: `${origin}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
    /** The payload of an aes128gcm body encrypted to this subscription (RFC 8291, RFC 8188). */
    decrypt: (body: Buffer): unknown => JSON.parse(decryptAes128gcm(body, ecdh, auth).toString('utf8')),
  };
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

function decryptAes128gcm(body: Buffer, ecdh: ECDH, auth: Buffer): Buffer {
  // Header: salt (16), record size (4), key id length (1), key id = the server's public key.
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(serverKey);
  // RFC 8291 §3.4: IKM from the auth secret and both public keys, then RFC 8188's key and nonce.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and zero or more zero bytes.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end], 'the last record delimiter').toBe(2);
  return padded.subarray(0, end);
}

/**
 * Checks the `Authorization: vapid t=<JWT>, k=<key>` header: k is the server's public key, the
 * JWT is signed (ES256) by it for the endpoint's origin, with a subject, not yet expired.
 */
export function expectVapid(headers: http.IncomingHttpHeaders, publicKey: string, endpointOrigin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  expect(match, `Authorization: ${headers.authorization}`).not.toBeNull();
  const [, jwt = '', k] = match ?? [];
  expect(k).toBe(publicKey);
  const [head = '', claims = '', signature = ''] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed, 'the VAPID JWT is signed by the public key').toBe(true);
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  expect(body.aud).toBe(endpointOrigin);
  expect(body.sub).toMatch(/^(mailto:|https:)/);
  expect(body.exp * 1000).toBeGreaterThan(Date.now());
}
