import { randomUUID } from 'node:crypto';
import {
  CHAT_DESTINATIONS_PER_PRODUCT_MAX,
  type ChatDestination,
  type ChatDestinationList,
  type ChatTestResult,
  type CreateChatDestination,
  type DeliveryList,
  type DeliveryQuery,
  chatMessages as m,
  type UpdateChatDestination,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { ChatDestinationRow } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { readCursor } from '../../lib/cursor.ts';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { checkWebhookUrl } from '../../lib/ssrf.ts';
import { canEditProduct, findManagedProduct, findVisibleProduct, type Viewer } from '../../lib/visibility.ts';
import type { DeliveryResult } from '../services/index.ts';
import type { ChatDestinationPatch, ChatRepository } from './chat.repository.ts';
import { chatUrlContext } from './chat.target.ts';

// A product's chat destinations (issue 33): whoever sees the product sees the list (never a URL,
// only its host); whoever manages it (its creator, admins) adds, edits, tests and deletes them and
// reads their delivery logs. The URL is checked like a webhook's (lib/ssrf.ts) and kept encrypted.

type Deps = {
  db: Db;
  destinations: ChatRepository;
  secrets: SecretBox;
  clock: Clock;
  allowPrivate: boolean;
  /** The services' delivery log and one-off send (services entry point). */
  deliveryLog: (owner: { chatDestinationId: string }, query: DeliveryQuery) => Promise<DeliveryList>;
  deliverNow: (deliveryId: string) => Promise<DeliveryResult | undefined>;
};

const notFound = () => NotFound(m.notFound, 'CHAT_DESTINATION_NOT_FOUND');
const urlProblemText = {
  invalid: m.urlInvalid,
  https: m.urlHttps,
  credentials: m.urlCredentials,
  private: m.urlPrivate,
} as const;

const toDestination = (row: ChatDestinationRow): ChatDestination => ({
  id: row.id,
  productId: row.productId,
  name: row.name,
  kind: row.kind,
  urlHost: row.urlHost,
  events: row.events as ChatDestination['events'],
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createChatService(deps: Deps) {
  const { db, destinations, secrets, clock, allowPrivate } = deps;

  /** The URL checked (400 on the url field) and sealed for the row `id`. */
  function sealUrl(id: string, url: string) {
    const problem = checkWebhookUrl(url, { allowPrivate });
    if (problem) {
      throw BadRequest(urlProblemText[problem], 'CHAT_URL_REFUSED', {
        fields: { url: [urlProblemText[problem]] },
      });
    }
    return { urlEncrypted: secrets.encrypt(url, chatUrlContext(id)), urlHost: new URL(url).host };
  }

  /**
   * A destination of a product the viewer manages: one of a product out of sight is a 404, of one
   * they only see a 403. A write also needs the product not archived (409).
   */
  async function managed(viewer: Viewer, id: string, tx: Db, { write }: { write: boolean }) {
    const row = await destinations.find(id, tx);
    if (!row) throw notFound();
    if (write) {
      await findManagedProduct(tx, viewer, row.productId, { forbidden: m.manageForbidden, notFound });
    } else {
      const product = await findVisibleProduct(tx, viewer, row.productId).catch(() => {
        throw notFound();
      });
      if (!canEditProduct(viewer, product)) throw Forbidden(m.manageForbidden, 'FORBIDDEN');
    }
    return row;
  }

  return {
    async list(viewer: Viewer, productId: string): Promise<ChatDestinationList> {
      const product = await findVisibleProduct(db, viewer, productId);
      const rows = await destinations.ofProduct(product.id);
      return {
        data: rows.map(toDestination),
        canManage: canEditProduct(viewer, product) && !product.archivedAt,
      };
    },

    async create(viewer: Viewer & { id: string }, productId: string, body: CreateChatDestination) {
      return db.transaction(async (tx) => {
        await findManagedProduct(tx, viewer, productId, { forbidden: m.manageForbidden });
        await destinations.holdProduct(productId, tx);
        if ((await destinations.countOf(productId, tx)) >= CHAT_DESTINATIONS_PER_PRODUCT_MAX) {
          throw Conflict(m.tooMany, 'CHAT_DESTINATIONS_FULL');
        }
        const id = randomUUID();
        const row = await destinations.insert(tx, {
          id,
          productId,
          name: body.name,
          kind: body.kind,
          ...sealUrl(id, body.url),
          events: [...body.events],
          enabled: body.enabled,
          createdBy: viewer.id,
        });
        return toDestination(row);
      });
    },

    async update(viewer: Viewer, id: string, body: UpdateChatDestination): Promise<ChatDestination> {
      return db.transaction(async (tx) => {
        const row = await managed(viewer, id, tx, { write: true });
        const patch: ChatDestinationPatch = {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.kind !== undefined && { kind: body.kind }),
          ...(body.events !== undefined && { events: [...body.events] }),
          ...(body.enabled !== undefined && { enabled: body.enabled }),
          ...(body.url !== undefined && sealUrl(row.id, body.url)),
        };
        const updated = await destinations.update(tx, row.id, patch);
        if (!updated) throw notFound();
        return toDestination(updated);
      });
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await managed(viewer, id, tx, { write: true });
        await destinations.remove(tx, row.id);
      });
    },

    async deliveries(viewer: Viewer, id: string, query: DeliveryQuery): Promise<DeliveryList> {
      readCursor(query.cursor);
      const row = await managed(viewer, id, db, { write: false });
      return deps.deliveryLog({ chatDestinationId: row.id }, query);
    },

    /**
     * One test message, now: written to the delivery log as a delivery of its own and sent by the
     * worker's path (SSRF guard, timeout), once, not retried; answers how it went.
     */
    async test(viewer: Viewer, id: string): Promise<ChatTestResult> {
      const deliveryId = await db.transaction(async (tx) => {
        const row = await managed(viewer, id, tx, { write: true });
        return destinations.insertTestDelivery(tx, row, clock);
      });
      const result = await deps.deliverNow(deliveryId);
      return result ?? { status: 'failed', statusCode: null, error: 'delivery failed' };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
