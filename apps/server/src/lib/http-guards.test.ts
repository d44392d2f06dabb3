import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/http.ts';
import { openRealtime } from '../testing/realtime-client.ts';

// Slow clients and connection hoarding against the real HTTP server (app.inject has no sockets),
// with short limits so that the deadlines pass within a test.

const limits = {
  headersTimeoutMs: 600,
  bodyTimeoutMs: 600,
  requestTimeoutMs: 2_000,
  idleTimeoutMs: 5_000,
  checkIntervalMs: 100,
  connectionsPerAddress: 3,
  uncappedAddresses: [],
};

const { ctx, signedIn } = useTestApp({ httpLimits: limits });
let port: number;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as net.AddressInfo).port;
});

/** A raw connection that records what the server answers and when it closes the connection. */
function connect(localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  socket.on('data', (d) => {
    received += d;
  });
  socket.on('error', () => {});
  const opened = Date.now();
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now() - opened)));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected, received: () => received };
}

/** Writes one byte every `everyMs` until the connection closes. */
function trickle(socket: net.Socket, everyMs: number) {
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write('a');
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe('request timeouts', () => {
  it('cuts off a JSON body that trickles in with a 408 in the app error shape once the body deadline passes', async () => {
    const c = connect();
    c.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":`,
    );
    trickle(c.socket, 100);
    const elapsed = await within(c.closed, 3_000, 'close of the connection');
    expect(elapsed).toBeGreaterThanOrEqual(limits.bodyTimeoutMs - 50);
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(c.received()).toMatch(/\r\nconnection: close\r\n/i);
    const body = JSON.parse(c.received().slice(c.received().indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({
      error: 'Request Timeout',
      message: 'The request body did not arrive in time.',
      code: 'REQUEST_TIMEOUT',
      requestId: expect.any(String),
    });
  });

  it('closes a connection whose body still trickles in after an early answer once the body deadline passes', async () => {
    const c = connect();
    c.socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-unknown\r\nContent-Length: 200\r\n\r\nab`,
    );
    trickle(c.socket, 100);
    const elapsed = await within(c.closed, 3_000, 'close of the connection');
    expect(c.received()).toMatch(/^HTTP\/1\.1 415 /);
    expect(elapsed).toBeLessThan(limits.bodyTimeoutMs + 1_000);
  });

  it('closes a connection whose headers trickle in once the header deadline passes', async () => {
    const c = connect();
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    trickle(c.socket, 100);
    const elapsed = await within(c.closed, 3_000, 'close of the connection');
    expect(elapsed).toBeLessThan(limits.headersTimeoutMs + 1_000);
    expect(c.received()).not.toMatch(/^HTTP\/1\.1 200 /);
  });

  it('gives an upload the longer request deadline, then cuts it off too', async () => {
    const { headers } = await signedIn('member');
    const c = connect();
    const boundary = 'slowupload';
    c.socket.write(
      `POST /api/auth/avatar HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${headers.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    trickle(c.socket, 100);
    await new Promise((r) => setTimeout(r, limits.bodyTimeoutMs + 400));
    expect(c.socket.destroyed).toBe(false); // past the body deadline: uploads are not cut there
    const elapsed = await within(c.closed, 4_000, 'close of the connection');
    expect(elapsed).toBeGreaterThanOrEqual(limits.requestTimeoutMs - 50);
    expect(elapsed).toBeLessThan(limits.requestTimeoutMs + 1_500);
  });

  it('leaves an open realtime WebSocket alone past every deadline', async () => {
    const { token } = await signedIn('member');
    const realtime = await openRealtime(`http://127.0.0.1:${port}`, token);
    await new Promise((r) => setTimeout(r, limits.requestTimeoutMs + 500));
    expect(realtime.socket.readyState).toBe(realtime.socket.OPEN);
    realtime.close();
    await realtime.closed;
  });
});

describe('connections per address', () => {
  const health = async (c: ReturnType<typeof connect>) => {
    await c.connected;
    c.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
  };

  it('refuses the connection past the cap from one address, while another address and a freed slot still work', async () => {
    const held = [connect(), connect(), connect()];
    for (const c of held) await health(c);
    for (const c of held)
      await within(
        until(() => c.received().includes('200 OK')),
        3_000,
        'an answer',
      );

    const extra = connect();
    extra.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await within(extra.closed, 2_000, 'refusal of the fourth connection');
    expect(extra.received()).toBe('');

    // Another address (any 127.0.0.0/8 source reaches a loopback listener on Linux).
    const other = connect('127.0.0.2');
    await health(other);
    await within(
      until(() => other.received().includes('200 OK')),
      3_000,
      'an answer to another address',
    );
    other.socket.destroy();

    held[0]?.socket.destroy();
    await held[0]?.closed;
    await new Promise((r) => setTimeout(r, 50));
    const again = connect();
    await health(again);
    await within(
      until(() => again.received().includes('200 OK')),
      3_000,
      'an answer in the freed slot',
    );
    for (const c of [...held, again]) c.socket.destroy();
  });
});

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}
