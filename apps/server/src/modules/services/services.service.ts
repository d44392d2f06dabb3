import { randomUUID } from 'node:crypto';
import {
  type CreateService,
  type DeliveryList,
  type DeliveryQuery,
  isAdmin,
  serviceMessages as m,
  maskApiKey,
  SERVICE_CATEGORIES,
  type Service,
  type ServiceFilters,
  type ServiceList,
  type ServiceStats,
  type ServiceWithSecret,
  type SigningSecret,
  type UpdateService,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { ServiceRow } from '../../db/schema/index.ts';
import { readCursor } from '../../lib/cursor.ts';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.ts';
import { type Change, type Changes, versionOf } from '../../lib/realtime/changes.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { SessionUser } from '../../lib/session.ts';
import { checkWebhookUrl, type WebhookUrlProblem } from '../../lib/ssrf.ts';
import type { Viewer } from '../../lib/visibility.ts';
import { newSigningSecret } from '../../lib/webhook-signing.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { AuditLog, AuditMeta } from '../../platform/audit.ts';
import type { DeliveryLog } from './services.deliveries.ts';
import type { ServicePatch, ServicesRepository } from './services.repository.ts';
import { webhookSecretContext } from './services.worker.ts';

/** The API key's additional data: it decrypts only in that column of that row. */
export const apiKeyContext = (serviceId: string) => `services.api_key:${serviceId}`;

/**
 * What stays readable of an API key: its last four characters, and only of a key long enough
 * (12+) that four are a small part of it; a shorter one is shown as dots alone.
 */
const visibleTail = (apiKey: string) => (apiKey.length >= 12 ? apiKey.slice(-4) : '');

const urlProblemText: Record<WebhookUrlProblem, string> = {
  invalid: m.webhookUrlInvalid,
  https: m.webhookUrlHttps,
  credentials: m.webhookUrlCredentials,
  private: m.webhookUrlPrivate,
};

const fieldError = (field: string, message: string, code = 'VALIDATION_ERROR') =>
  BadRequest(message, code, { fields: { [field]: [message] } });

type Deps = {
  db: Db;
  services: ServicesRepository;
  secrets: SecretBox;
  allowPrivateWebhooks: boolean;
  /** Realtime: published after commit (docs/decisions/009-realtime.md). */
  changes: Changes;
  /** Secret changes (API key, signing secret) are audited (decision 013). */
  audit: AuditLog;
  deliveryLog: DeliveryLog;
};

/** The catalogue is read by every signed-in user, so every one of them refreshes it. */
const serviceChange = (op: Change['op'], id: string, row?: ServiceRow): Change => ({
  kind: 'service',
  op,
  id,
  productId: null,
  version: row && versionOf(row),
  everyone: true,
});

export function createServicesService({
  db,
  services,
  secrets,
  allowPrivateWebhooks,
  changes,
  audit,
  deliveryLog,
}: Deps) {
  const inTransaction = createInTransaction(db, changes);
  /** Records which secrets of a service changed (never their values). */
  const secretsChanged = async (
    actor: SessionUser,
    row: ServiceRow,
    changed: Record<string, string>,
    meta: AuditMeta,
    tx: Db,
  ) => {
    if (Object.keys(changed).length === 0) return;
    await audit.record(
      {
        action: 'service.secret_changed',
        actor: { id: actor.id, email: actor.email },
        target: { type: 'service', id: row.id, label: row.name },
        meta,
        details: changed,
      },
      tx,
    );
  };
  const notFound = () => NotFound(m.notFound, 'SERVICE_NOT_FOUND');

  function requireAdmin(actor: Viewer) {
    if (!isAdmin(actor.role)) throw Forbidden(m.forbidden);
  }

  /** The API's service: secrets never, the key masked, the webhook URL for admins only. */
  function toService(row: ServiceRow, usedBy: Array<{ id: string; name: string }>, viewer: Viewer): Service {
    return {
      id: row.id,
      name: row.name,
      category: row.category,
      description: row.description,
      integration: row.integrationType,
      status: row.status,
      lastUpdated: row.updatedAt.toISOString(),
      usedBy,
      apiKey: row.apiKeyEncrypted ? maskApiKey(row.apiKeyLast4 ?? '') : null,
      webhookUrl: row.integrationType === 'Webhook' && isAdmin(viewer.role) ? row.webhookUrl : null,
      hasWebhookSecret: row.webhookSecretEncrypted !== null,
    };
  }

  async function withUsedBy(row: ServiceRow, viewer: Viewer, tx: Db = db): Promise<Service> {
    const used = await services.usedBy(viewer, [row.id], tx);
    return toService(row, used.get(row.id) ?? [], viewer);
  }

  function checkUrl(url: string) {
    const problem = checkWebhookUrl(url, { allowPrivate: allowPrivateWebhooks });
    if (problem) throw fieldError('webhookUrl', urlProblemText[problem], 'WEBHOOK_URL_REFUSED');
  }

  /** The products, each once; every one must exist (and be visible to the admin: all are). */
  async function checkProducts(tx: Db, actor: Viewer, productIds: string[]): Promise<string[]> {
    const ids = [...new Set(productIds)];
    const found = await services.visibleProductIds(actor, ids, tx);
    if (ids.some((id) => !found.has(id)))
      throw fieldError('productIds', m.productNotFound, 'PRODUCT_NOT_FOUND');
    return ids;
  }

  const encryptKey = (id: string, apiKey: string) => ({
    apiKeyEncrypted: secrets.encrypt(apiKey, apiKeyContext(id)),
    apiKeyLast4: visibleTail(apiKey),
  });

  /** Over every service (the tabs come from it), usage over the products the caller may see. */
  async function stats(actor: Viewer): Promise<ServiceStats> {
    const { groups, mostUsed, productsUsing } = await services.stats(actor);
    const byStatus = { Active: 0, Inactive: 0, Pending: 0 };
    const byCategory = new Map<string, number>();
    for (const g of groups) {
      byStatus[g.status] += g.n;
      byCategory.set(g.category, (byCategory.get(g.category) ?? 0) + g.n);
    }
    return {
      total: byStatus.Active + byStatus.Inactive + byStatus.Pending,
      active: byStatus.Active,
      inactive: byStatus.Inactive,
      pending: byStatus.Pending,
      // In the order of spec §3's list, which is also the tabs' order.
      byCategory: SERVICE_CATEGORIES.filter((c) => byCategory.has(c)).map((category) => ({
        category,
        count: byCategory.get(category) ?? 0,
      })),
      mostUsed,
      productsUsing,
    };
  }

  return {
    async list(actor: SessionUser, filters: ServiceFilters): Promise<ServiceList> {
      const [rows, figures] = await Promise.all([services.list(filters), stats(actor)]);
      const used = await services.usedBy(
        actor,
        rows.map((r) => r.id),
      );
      return { data: rows.map((r) => toService(r, used.get(r.id) ?? [], actor)), stats: figures };
    },

    stats,

    async get(actor: SessionUser, id: string): Promise<Service> {
      const row = await services.findById(id);
      if (!row) throw notFound();
      return withUsedBy(row, actor);
    },

    async create(actor: SessionUser, body: CreateService, meta: AuditMeta = {}): Promise<ServiceWithSecret> {
      requireAdmin(actor);
      const webhook = body.integration === 'Webhook';
      if (webhook && body.webhookUrl) checkUrl(body.webhookUrl);
      const id = randomUUID();
      const signingSecret = webhook ? newSigningSecret() : undefined;
      return inTransaction(async (tx, after) => {
        const productIds = await checkProducts(tx, actor, body.productIds);
        const row = await services.insert(
          {
            id,
            name: body.name,
            category: body.category,
            description: body.description,
            integrationType: body.integration,
            status: body.status,
            ...(body.apiKey ? encryptKey(id, body.apiKey) : {}),
            webhookUrl: webhook ? body.webhookUrl : null,
            webhookSecretEncrypted: signingSecret
              ? secrets.encrypt(signingSecret, webhookSecretContext(id))
              : null,
            createdBy: actor.id,
          },
          tx,
        );
        await services.setProducts(id, productIds, tx);
        await secretsChanged(
          actor,
          row,
          {
            ...(body.apiKey ? { api_key: 'set' } : {}),
            ...(signingSecret ? { signing_secret: 'created' } : {}),
          },
          meta,
          tx,
        );
        const service = await withUsedBy(row, actor, tx);
        after.publish(serviceChange('created', id, row));
        return signingSecret ? { ...service, signingSecret } : service;
      });
    },

    /**
     * Any of the fields. Becoming a Webhook service needs a URL and gives a signing secret
     * (answered this once); ceasing to be one drops the URL and the secret.
     */
    async update(
      actor: SessionUser,
      id: string,
      body: UpdateService,
      meta: AuditMeta = {},
    ): Promise<ServiceWithSecret> {
      requireAdmin(actor);
      return inTransaction(async (tx, after) => {
        const current = await services.lock(tx, id);
        if (!current) throw notFound();
        const integration = body.integration ?? current.integrationType;
        const webhook = integration === 'Webhook';
        const patch: ServicePatch = {
          name: body.name,
          category: body.category,
          description: body.description,
          integrationType: body.integration,
        };
        let signingSecret: string | undefined;
        if (webhook) {
          const url = body.webhookUrl === undefined ? current.webhookUrl : body.webhookUrl;
          if (!url) throw fieldError('webhookUrl', m.webhookUrlRequired);
          if (body.webhookUrl !== undefined) checkUrl(url);
          patch.webhookUrl = url;
          if (!current.webhookSecretEncrypted) {
            signingSecret = newSigningSecret();
            patch.webhookSecretEncrypted = secrets.encrypt(signingSecret, webhookSecretContext(id));
          }
        } else {
          patch.webhookUrl = null;
          patch.webhookSecretEncrypted = null;
        }
        if (body.apiKey === null) Object.assign(patch, { apiKeyEncrypted: null, apiKeyLast4: null });
        else if (body.apiKey !== undefined) Object.assign(patch, encryptKey(id, body.apiKey));
        if (body.productIds !== undefined) {
          await services.setProducts(id, await checkProducts(tx, actor, body.productIds), tx);
        }
        const row = (await services.update(id, patch, tx)) ?? current;
        const changed: Record<string, string> = {};
        if (body.apiKey === null && current.apiKeyEncrypted) changed.api_key = 'removed';
        else if (body.apiKey) changed.api_key = 'set';
        if (signingSecret) changed.signing_secret = 'created';
        else if (!webhook && current.webhookSecretEncrypted) changed.signing_secret = 'removed';
        await secretsChanged(actor, row, changed, meta, tx);
        const service = await withUsedBy(row, actor, tx);
        after.publish(serviceChange('updated', id, row));
        return signingSecret ? { ...service, signingSecret } : service;
      });
    },

    /** Enable (Active) or Disable (Inactive); an Inactive Webhook service receives nothing. */
    async setStatus(actor: SessionUser, id: string, status: 'Active' | 'Inactive'): Promise<Service> {
      requireAdmin(actor);
      return inTransaction(async (tx, after) => {
        const current = await services.lock(tx, id);
        if (!current) throw notFound();
        if (current.status === status) return withUsedBy(current, actor, tx);
        const row = (await services.update(id, { status }, tx)) ?? current;
        after.publish(serviceChange('updated', id, row));
        return withUsedBy(row, actor, tx);
      });
    },

    /** A new signing secret for a Webhook service, answered this once; the old one stops working. */
    async rotateSecret(actor: SessionUser, id: string, meta: AuditMeta = {}): Promise<SigningSecret> {
      requireAdmin(actor);
      return inTransaction(async (tx, after) => {
        const current = await services.lock(tx, id);
        if (!current) throw notFound();
        if (current.integrationType !== 'Webhook') throw BadRequest(m.notWebhook, 'NOT_WEBHOOK');
        const signingSecret = newSigningSecret();
        const row = await services.update(
          id,
          { webhookSecretEncrypted: secrets.encrypt(signingSecret, webhookSecretContext(id)) },
          tx,
        );
        await secretsChanged(actor, row ?? current, { signing_secret: 'rotated' }, meta, tx);
        after.publish(serviceChange('updated', id, row));
        return { signingSecret };
      });
    },

    /** Its products' links and its deliveries go with it. */
    async remove(actor: SessionUser, id: string): Promise<void> {
      requireAdmin(actor);
      await inTransaction(async (tx, after) => {
        const current = await services.lock(tx, id);
        if (!current) throw notFound();
        await services.remove(id, tx);
        after.publish(serviceChange('deleted', id));
      });
    },

    async deliveries(actor: SessionUser, id: string, query: DeliveryQuery): Promise<DeliveryList> {
      requireAdmin(actor);
      readCursor(query.cursor);
      if (!(await services.findById(id))) throw notFound();
      return deliveryLog({ serviceId: id }, query);
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
