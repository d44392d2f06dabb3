import {
  type CsvImportBody,
  type CsvImportResult,
  canEditProduct,
  canEditTasks,
  guessCsvMapping,
  IMPORT_ERRORS_MAX,
  IMPORT_MAX_ITEMS,
  IMPORT_PREVIEW_ROWS,
  type ImportResult,
  importMessages,
  type TrelloImportBody,
  type TrelloImportResult,
  taskMessages,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import { AppError, BadRequest, Forbidden } from '../../lib/errors.ts';
import type { Change, Changes } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { findVisibleProduct, productArchived, refuseArchivedProduct } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ChecklistImporter } from '../checklists/index.ts';
import { POSITION_STEP } from '../checklists/index.ts';
import type { CommentImporter } from '../comments/index.ts';
import type { LabelImporter } from '../labels/index.ts';
import type { ImportLinks, TaskImporter } from '../tasks/index.ts';
import { parseCsv, rowsThroughMapping } from './imports.csv.ts';
import { fieldColumns, productFields } from './imports.fields.ts';
import { checkReferences, keysNamed, referenceColumns } from './imports.references.ts';
import { type CheckedImport, checkRows, type ImportContext, type RawTask } from './imports.rows.ts';
import { trelloRows } from './imports.trello.ts';

/** The rows checked, with their parents and relations (issue 29). */
type Checked = CheckedImport & { links: ImportLinks };

/** The file's rows, read once the product's context (its fields) is known. */
type RowsOf = (context: ImportContext) => RawTask[];

type Deps = {
  db: Db;
  changes: Changes;
  tasks: TaskImporter;
  labels: LabelImporter;
  checklists: ChecklistImporter;
  comments: CommentImporter;
};

export function createImportsService({ db, changes, tasks, labels, checklists, comments }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** Whoever may create tasks in the product may import them (404 unseen, 403 guest, 409 archived). */
  async function contextFor(tx: Db, actor: SessionUser, productId: string) {
    const product = await findVisibleProduct(tx, actor, productId);
    if (!canEditTasks(actor.role)) throw Forbidden(taskMessages.guestReadOnly, 'READ_ONLY');
    if (product.archivedAt) throw productArchived();
    // One after another: `tx` may be a transaction's one client, which runs one query at a time.
    const refs = await tasks.references(productId, tx);
    const known = await labels.namesOfProduct(productId, tx);
    const fields = await productFields(tx, productId);
    return {
      ...refs,
      labels: known,
      canAddLabels: canEditProduct(actor, product),
      fields,
      productKey: product.key,
    };
  }

  const answer = (checked: CheckedImport, total: number, dryRun: boolean): ImportResult => ({
    dryRun,
    total,
    created: dryRun ? 0 : checked.tasks.length,
    preview: checked.preview,
    errors: checked.errors.slice(0, IMPORT_ERRORS_MAX),
    errorCount: checked.errors.length,
    newLabels: checked.newLabels.map((l) => l.name),
  });

  /** Stores every checked task with its labels, checklist and comments, in `tx`. */
  async function store(
    tx: Db,
    actor: SessionUser,
    productId: string,
    checked: Checked,
    source: 'csv' | 'trello',
  ) {
    const published: Change[] = [];
    const created = await labels.insertMany(
      checked.newLabels.map((l) => ({ productId, name: l.name, color: l.color })),
      tx,
    );
    for (const row of created) published.push({ kind: 'label', op: 'created', id: row.id, productId });
    const labelIds = new Map(
      [...(await labels.namesOfProduct(productId, tx))].map((l) => [l.name.toLowerCase(), l.id]),
    );
    const { rows, changes: taskChanges } = await tasks.insertMany(
      tx,
      actor,
      productId,
      checked.tasks,
      source,
      checked.links,
    );
    published.push(...taskChanges);
    const pairs: Array<{ taskId: string; labelId: string }> = [];
    const items: Parameters<ChecklistImporter['insertMany']>[0] = [];
    const bodies: Parameters<CommentImporter['insertMany']>[1] = [];
    // One transaction gives every row the same now(): a conversation's order comes from its times.
    const start = Date.now();
    rows.forEach((row, i) => {
      const task = checked.tasks[i];
      if (!task) return;
      for (const name of task.labels) {
        const labelId = labelIds.get(name.toLowerCase());
        if (labelId) pairs.push({ taskId: row.id, labelId });
      }
      task.checklist.forEach((item, at) => {
        items.push({
          taskId: row.id,
          title: item.title,
          done: item.done,
          position: (at + 1) * POSITION_STEP,
          createdBy: actor.id,
        });
      });
      for (const body of task.comments) {
        bodies.push({ taskId: row.id, authorId: actor.id, body, createdAt: new Date(start + bodies.length) });
      }
    });
    await labels.attachMany(pairs, tx);
    await checklists.insertMany(items, tx);
    await comments.insertMany(tx, bodies);
    return published;
  }

  /**
   * The rows checked, refused as a whole (400) when they would create more than an import may;
   * their parents and relations resolved against the file and the product's tasks (issue 29).
   */
  async function checkAll(
    tx: Db,
    productId: string,
    raws: RawTask[],
    context: Awaited<ReturnType<typeof contextFor>>,
  ): Promise<Checked> {
    const result = checkRows(raws, context, IMPORT_PREVIEW_ROWS);
    if (result.items > IMPORT_MAX_ITEMS)
      throw BadRequest(importMessages.tooManyItems(result.items), 'IMPORT_TOO_LARGE');
    const existing = await tasks.keyed(tx, productId, keysNamed(raws));
    const refs = checkReferences(raws, new Map(existing.map((t) => [t.key.toUpperCase(), t])));
    const errors = [...result.errors, ...refs.errors].sort((a, b) => a.row - b.row);
    return { ...result, errors, links: refs.links };
  }

  /** The dry run, or the import: everything or nothing (422 with the row errors). */
  async function run(
    actor: SessionUser,
    productId: string,
    read: RowsOf,
    dryRun: boolean,
    source: 'csv' | 'trello',
  ): Promise<ImportResult> {
    if (dryRun) {
      const context = await contextFor(db, actor, productId);
      const raws = read(context);
      return answer(await checkAll(db, productId, raws, context), raws.length, true);
    }
    return inTransaction(async (tx, after) => {
      const context = await contextFor(tx, actor, productId);
      await refuseArchivedProduct(tx, productId);
      const raws = read(context);
      const rows = await checkAll(tx, productId, raws, context);
      if (rows.errors.length > 0) {
        const result = answer(rows, raws.length, true);
        throw new AppError(
          422,
          'IMPORT_INVALID',
          importMessages.invalidRows(new Set(rows.errors.map((e) => e.row)).size),
          {
            errors: result.errors,
            errorCount: result.errorCount,
          },
        );
      }
      after.publish(...(await store(tx, actor, productId, rows, source)));
      return answer(rows, raws.length, false);
    });
  }

  return {
    async csv(
      actor: SessionUser,
      productId: string,
      body: CsvImportBody,
      dryRun: boolean,
    ): Promise<CsvImportResult> {
      const parsed = parseCsv(body.csv);
      // Columns named like the product's custom fields fill them (issue 29), unless the mapping
      // sent gives them to a task field; the guess leaves them to the fields.
      let mapping = body.mapping ?? {};
      let columns: ReturnType<typeof fieldColumns> = [];
      const result = await run(
        actor,
        productId,
        (context) => {
          const taken = new Set(Object.values(body.mapping ?? {}).filter((at) => typeof at === 'number'));
          columns = fieldColumns(parsed.headers, context.fields, context.productKey, taken);
          const ofFields = new Set(columns.map((c) => c.column));
          mapping = body.mapping ?? guessCsvMapping(parsed.headers.map((h, i) => (ofFields.has(i) ? '' : h)));
          // The export's key, parent and relation columns (issue 29), unless mapped to something else.
          const used = new Set([
            ...ofFields,
            ...Object.values(mapping).filter((at) => typeof at === 'number'),
          ]);
          return rowsThroughMapping(parsed, mapping, columns, referenceColumns(parsed.headers, used));
        },
        dryRun,
        'csv',
      );
      return {
        ...result,
        headers: parsed.headers,
        delimiter: parsed.delimiter,
        mapping,
        fields: columns.map(({ column, field }) => ({ column, name: field.name })),
      };
    },

    async trello(
      actor: SessionUser,
      productId: string,
      body: TrelloImportBody,
      dryRun: boolean,
    ): Promise<TrelloImportResult> {
      const { rows, lists } = trelloRows(body.board, body.lists, body.includeArchived);
      const result = await run(actor, productId, () => rows, dryRun, 'trello');
      return { ...result, board: body.board.name ?? 'Trello board', lists };
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
