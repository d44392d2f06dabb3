import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// The chat tests' prelude: the file's app (private targets allowed: the receivers listen on
// 127.0.0.1), chat receivers, destinations added through the API, and what the outbox stored.

type Received = { headers: http.IncomingHttpHeaders; body: string; url: string; json: () => unknown };

export type DestinationBody = {
  id: string;
  productId: string;
  name: string;
  kind: string;
  urlHost: string;
  events: string[];
  enabled: boolean;
};

export function useChatTests() {
  const prelude = useTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: '1' } });
  const { ctx, as } = prelude;

  const receivers: http.Server[] = [];
  afterEach(async () => {
    for (const server of receivers.splice(0)) await new Promise((resolve) => server.close(resolve));
  });

  const kit = {
    /** A receiver answering each POST with the next status of `statuses` (the last one repeats). */
    async startReceiver(statuses: number[] = [200]) {
      const received: Received[] = [];
      const server = http.createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (chunk) => {
          body += chunk;
        });
        req.on('end', () => {
          received.push({ headers: req.headers, body, url: req.url ?? '', json: () => JSON.parse(body) });
          res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
          res.end('ok');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      receivers.push(server);
      return { url: `http://127.0.0.1:${port}/hooks/T000/B000/secretpart`, received };
    },

    /** A destination added through the API by `who` (answered 201). */
    async addDestination(who: Signed, productId: string, payload: Record<string, unknown>) {
      const res = await as(who, {
        method: 'POST',
        url: `/api/projects/${productId}/chat-destinations`,
        payload: { name: 'Team channel', kind: 'slack', events: ['status'], ...payload },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<DestinationBody>();
    },

    deliveriesOf: (destinationId: string) =>
      ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.chatDestinationId, destinationId))
        .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id)),

    /** deliverDue() sends whatever is due: a test starts from an empty outbox. */
    emptyOutbox: () => ctx.db.delete(webhookDeliveries),

    /** The task's status changed through the API (the board's move). */
    moveTask: (who: Signed, taskId: string, status: string) =>
      as(who, { method: 'PATCH', url: `/api/tasks/${taskId}/task/update`, payload: { status } }),
  };
  return { ...prelude, ...kit };
}
