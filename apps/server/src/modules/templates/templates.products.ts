import {
  type CreateProduct,
  canEditProduct,
  isAdmin,
  PRODUCT_TEMPLATE_MAX_BYTES,
  PRODUCT_TEMPLATES_MAX,
  type Product,
  type ProductTemplate,
  type ProductTemplateList,
  partSize,
  type SaveProductAsTemplate,
  templateMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { ProductTemplateRow } from '../../db/schema/index.ts';
import { Conflict, Forbidden } from '../../lib/errors.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct, type Viewer } from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { PartRegistry } from './templates.parts.ts';
import type { TemplatesRepository } from './templates.repository.ts';
import { refuseTooLarge, templateNotFound } from './templates.tasks.ts';

// Product templates (issue 29, docs/decisions/039-templates.md): the workspace's, read by every
// signed-in person; saved from a product by whoever manages it; deleted by their creator or an
// admin; a new product made from one gets every part in the transaction that creates it.

/** Every signed-in person sees the workspace's product templates. */
const productTemplateChange = (op: Change['op'], id: string): Change => ({
  kind: 'template',
  op,
  id,
  productId: null,
  everyone: true,
});

type Deps = {
  db: Db;
  repo: TemplatesRepository;
  parts: PartRegistry;
  changes: Changes;
  activities: ActivityRecorder;
  createProduct: (tx: Db, after: AfterCommit, actor: SessionUser, body: CreateProduct) => Promise<Product>;
};

type Seen = { template: ProductTemplateRow; creatorName: string | null };

export function createProductTemplatesService({ db, repo, parts, changes, activities, createProduct }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  const mayDelete = (viewer: Viewer, row: ProductTemplateRow) =>
    isAdmin(viewer.role) || (row.createdBy !== null && row.createdBy === viewer.id);

  const toTemplate = (viewer: Viewer, { template, creatorName }: Seen): ProductTemplate => ({
    id: template.id,
    name: template.name,
    description: template.description,
    summary: Object.fromEntries(Object.entries(template.parts).map(([k, v]) => [k, partSize(v)])),
    parts: template.parts,
    createdBy: template.createdBy ? { id: template.createdBy, name: creatorName ?? '' } : null,
    canDelete: mayDelete(viewer, template),
    createdAt: template.createdAt.toISOString(),
  });

  async function found(id: string, tx: Db = db, lock = false) {
    const row = await repo.findProductTemplate(id, tx, lock);
    if (!row) throw templateNotFound();
    return row;
  }

  return {
    async list(viewer: Viewer): Promise<ProductTemplateList> {
      return { data: (await repo.listProductTemplates()).map((row) => toTemplate(viewer, row)) };
    },

    async get(viewer: Viewer, id: string): Promise<ProductTemplate> {
      return toTemplate(viewer, await found(id));
    },

    /** Saves the product's set-up (every part's value) as a workspace template. */
    async saveProduct(
      viewer: Viewer,
      productId: string,
      body: SaveProductAsTemplate,
    ): Promise<ProductTemplate> {
      const id = await inTransaction(async (tx, after) => {
        const product = await findVisibleProduct(tx, viewer, productId);
        if (!canEditProduct(viewer, product)) throw Forbidden(templateMessages.manageForbidden, 'FORBIDDEN');
        const captured = parts.parse(await parts.capture(productId, tx));
        refuseTooLarge(captured, PRODUCT_TEMPLATE_MAX_BYTES, templateMessages.productTooLarge);
        if ((await repo.countProductTemplates(tx)) >= PRODUCT_TEMPLATES_MAX) {
          throw Conflict(templateMessages.tooManyProductTemplates, 'TEMPLATES_FULL');
        }
        const row = await repo.insertProductTemplate(
          { name: body.name, description: body.description, parts: captured, createdBy: viewer.id },
          tx,
        );
        after.publish(productTemplateChange('created', row.id));
        return row.id;
      });
      return toTemplate(viewer, await found(id));
    },

    async remove(viewer: Viewer, id: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const row = await found(id, tx, true);
        if (!mayDelete(viewer, row.template)) throw Forbidden(templateMessages.deleteForbidden, 'FORBIDDEN');
        await repo.deleteProductTemplate(id, tx);
        after.publish(productTemplateChange('deleted', id));
      });
    },

    /** Creates a product (the spec's fields) and applies every part of the template, in one transaction. */
    async use(actor: SessionUser, id: string, body: CreateProduct): Promise<Product> {
      return inTransaction(async (tx, after) => {
        const { template } = await found(id, tx);
        const product = await createProduct(tx, after, actor, body);
        await parts.apply(product.id, template.parts, { actor, after, tx, productId: product.id });
        await activities.insert(
          {
            actionType: 'created_from_template',
            description: `Created product "${product.name}" from template "${template.name}"`,
            metadata: { templateId: template.id, template: template.name },
            productId: product.id,
            performedBy: actor.id,
          },
          tx,
        );
        return product;
      });
    },
  };
}

export type ProductTemplatesService = ReturnType<typeof createProductTemplatesService>;
