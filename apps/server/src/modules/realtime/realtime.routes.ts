import websocket from '@fastify/websocket';
import { REALTIME_CLOSE } from '@shipyard/shared';
import type { FastifyInstance } from 'fastify';
import { Forbidden } from '../../lib/errors.ts';
import { tokenFromRequest } from '../../lib/session.ts';
import type { RealtimeHub } from '../../platform/realtime.hub.ts';

// GET /api/realtime: the WebSocket of docs/decisions/009-realtime.md. Refused before the upgrade
// from another site's page (403). Without a session it upgrades and closes at once with 4401, the
// one answer a browser's WebSocket can read (an HTTP 401 shows as a bare 1006 and the client would
// keep retrying); afterwards the hub decides what the socket receives. The server pings every 30 s and drops a socket that did not answer the last one.

const SERVER_PING_MS = 30_000;

export async function realtimeRoutes(
  app: FastifyInstance,
  { hub, appUrl }: { hub: RealtimeHub; appUrl: string },
) {
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    preClose: (done) => {
      hub.shutdown();
      done();
    },
  });

  const alive = new WeakSet<object>();
  const pinger = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
  }, SERVER_PING_MS);
  pinger.unref();
  app.addHook('onClose', async () => clearInterval(pinger));

  const ownOrigin = new URL(appUrl).host;
  app.get(
    '/realtime',
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req) => {
        const origin = req.headers.origin;
        if (origin && ![ownOrigin, req.headers.host].includes(safeHost(origin)))
          throw Forbidden('Cross-site WebSocket connections are not allowed');
      },
    },
    async (socket, req) => {
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      const token = tokenFromRequest(req);
      const user = req.sessionUser;
      if (!token || !user) return socket.close(REALTIME_CLOSE.unauthorized, 'sign in first');
      try {
        await hub.add(socket, token, user, req.ip);
      } catch (err) {
        // The database is away (the products it may see cannot be read): the client retries.
        req.log.warn({ err }, 'realtime: could not register a socket');
        socket.close(1011, 'try again');
      }
    },
  );
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
