import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { ARCHIVE_CHUNK_BYTES } from '@shipyard/shared';
import type pg from 'pg';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Storage } from '../../lib/storage.ts';
import { twoFactorSecretContext as twoFactorContext } from '../auth/index.ts';
import { apiKeyContext } from '../services/index.ts';
import { describeTable, quoteIdent, schemaVersion, type TableShape } from './archive.database.ts';
import { ArchiveError, type Lines, readArchive } from './archive.read.ts';
import { ARCHIVE_FILE_AREAS, ARCHIVE_TABLES, RECOMPUTED_ON_RESTORE } from './archive.tables.ts';

// Restores a workspace archive into an empty instance (docs/decisions/020-workspace-archive.md).
// Two passes over the file: the first checks everything (format and version, the schema's
// migrations, every line's shape and every row's columns, every file's bytes, the counts at the
// end) and writes nothing; the second inserts every row in one transaction, writes the files
// through the storage interface and commits only when all of it went in. A failure rolls the
// rows back and removes the files already written.

/** The archive cannot be restored here; the message says why. */
const INSERT_ROWS = 500;

export type RestoreTarget = {
  pool: pg.Pool;
  storage: Storage;
  /**
   * The restored instance's key for secrets at rest (APP_SECRET or DATA_DIR/secret.key), or
   * null when it has none yet: the archive's encrypted secrets must decrypt with it. Undefined:
   * not checked.
   */
  secrets?: SecretBox | null;
};
export type RestoreSummary = { rows: Record<string, number>; files: number; fileBytes: number };

/** What the second pass does with what the first pass checked. */
type Writer = {
  rows: (shape: TableShape, raws: string[]) => Promise<void>;
  fileStart: (area: string, name: string) => void;
  chunk: (bytes: Buffer) => Promise<void>;
  fileEnd: () => Promise<void>;
};

/** Serialises restores (and keeps two of them from both finding the instance empty). */
const RESTORE_LOCK = 7_254_003_200;

type Schema = {
  shapes: Map<string, TableShape>;
  version: { migrations: number; latest: string };
  secrets?: SecretBox | null;
};

export const keyMessage =
  "The archive's encrypted secrets (two-factor sign-in, service keys) do not decrypt with this instance's key. " +
  "Set APP_SECRET to the old instance's value, or copy its DATA_DIR/secret.key into this DATA_DIR, and run the import again " +
  '(or pass --skip-key-check to restore them anyway: two-factor sign-in and the service keys will then not work).';

/** The first encrypted value of a row, with what it is bound to. */
function encryptedValue(table: string, row: Record<string, unknown>): [string, string] | undefined {
  if (table === 'two_factors' && typeof row.secret === 'string')
    return [row.secret, twoFactorContext(String(row.user_id))];
  if (table === 'services' && typeof row.api_key_encrypted === 'string')
    return [row.api_key_encrypted, apiKeyContext(String(row.id))];
  return undefined;
}

async function walk(lines: Lines, schema: Schema, writer?: Writer): Promise<RestoreSummary> {
  const summary: RestoreSummary = { rows: {}, files: 0, fileBytes: 0 };
  const seenFiles = new Set<string>();
  let tableIndex = 0;
  let shape: TableShape | undefined;
  let batch: string[] = [];
  let file: { size: number; written: number; label: string } | undefined;
  let ended = false;
  let keyChecked = schema.secrets === undefined || writer !== undefined;
  for await (const event of readArchive(lines)) {
    switch (event.kind) {
      case 'header': {
        const { schema: from, tables } = event.header;
        if (from.migrations !== schema.version.migrations || from.latest !== schema.version.latest) {
          throw new ArchiveError(
            `This archive comes from a Shipyard whose database had ${from.migrations} migrations; this one has ${schema.version.migrations}` +
              `${from.migrations === schema.version.migrations ? ' (different ones)' : ''}. Restore it with the Shipyard version that wrote it.`,
          );
        }
        if (tables.join() !== ARCHIVE_TABLES.join()) {
          throw new ArchiveError(
            'This archive does not list the tables this Shipyard exports: it was written by another version.',
          );
        }
        break;
      }
      case 'table': {
        const expected = ARCHIVE_TABLES[tableIndex++];
        if (event.table !== expected) {
          throw new ArchiveError(
            `The archive's table ${event.table} comes where ${expected ?? 'the files'} should.`,
          );
        }
        shape = schema.shapes.get(event.table);
        summary.rows[event.table] = 0;
        break;
      }
      case 'row': {
        if (!shape) throw new ArchiveError('A row outside a table.');
        const keys = Object.keys(event.row);
        if (
          keys.length !== shape.columns.length ||
          !shape.columns.every((c) => Object.hasOwn(event.row, c))
        ) {
          throw new ArchiveError(
            `A row of ${shape.name} (number ${(summary.rows[shape.name] ?? 0) + 1}) has the columns ${keys.join(', ')}; ${shape.name} has ${shape.columns.join(', ')}.`,
          );
        }
        summary.rows[shape.name] = (summary.rows[shape.name] ?? 0) + 1;
        if (!keyChecked) {
          const encrypted = encryptedValue(shape.name, event.row);
          if (encrypted) {
            keyChecked = true;
            try {
              if (!schema.secrets) throw new Error('no key');
              schema.secrets.decrypt(...encrypted);
            } catch {
              throw new ArchiveError(keyMessage);
            }
          }
        }
        if (writer) {
          batch.push(event.raw);
          if (batch.length >= INSERT_ROWS) {
            await writer.rows(shape, batch);
            batch = [];
          }
        }
        break;
      }
      case 'table-end':
        if (writer && shape && batch.length) await writer.rows(shape, batch);
        batch = [];
        shape = undefined;
        break;
      case 'file': {
        if (tableIndex !== ARCHIVE_TABLES.length)
          throw new ArchiveError('The archive lacks some of its tables.');
        const label = `${event.area}/${event.name}`;
        if (!(ARCHIVE_FILE_AREAS as readonly string[]).includes(event.area)) {
          throw new ArchiveError(`The archive holds a file in an unknown place: ${label}.`);
        }
        if (seenFiles.has(label)) throw new ArchiveError(`The archive holds the file ${label} twice.`);
        seenFiles.add(label);
        file = { size: event.size, written: 0, label };
        writer?.fileStart(event.area, event.name);
        break;
      }
      case 'chunk':
        if (!file) throw new ArchiveError('A chunk of a file outside a file.');
        file.written += event.bytes.length;
        if (event.bytes.length > ARCHIVE_CHUNK_BYTES || file.written > file.size) {
          throw new ArchiveError(`The file ${file.label} holds more bytes than its size says.`);
        }
        await writer?.chunk(event.bytes);
        break;
      case 'file-end':
        if (!file || file.written !== file.size) {
          throw new ArchiveError(`The file ${file?.label} holds fewer bytes than its size says.`);
        }
        await writer?.fileEnd();
        summary.files++;
        summary.fileBytes += file.size;
        file = undefined;
        break;
      case 'end': {
        ended = true;
        const { end } = event;
        const rowsMatch = ARCHIVE_TABLES.every((t) => end.rows[t] === summary.rows[t]);
        if (!rowsMatch || end.files !== summary.files || end.file_bytes !== summary.fileBytes) {
          throw new ArchiveError(
            'The archive does not hold what its last line counts: it was cut or edited.',
          );
        }
        if (tableIndex !== ARCHIVE_TABLES.length)
          throw new ArchiveError('The archive lacks some of its tables.');
      }
    }
  }
  if (!ended) throw new ArchiveError('The archive is incomplete.');
  return summary;
}

/** The tables that already hold rows: a restore goes only into an empty instance. */
async function tablesInUse(client: pg.ClientBase): Promise<string[]> {
  const used: string[] = [];
  for (const table of ARCHIVE_TABLES) {
    const { rows } = await client.query(`SELECT 1 FROM public.${quoteIdent(table)} LIMIT 1`);
    if (rows.length) used.push(table);
  }
  return used;
}

function refuseIfInUse(used: string[]) {
  if (!used.length) return;
  throw new ArchiveError(
    `This instance is not empty (${used.join(', ')} ${used.length === 1 ? 'has' : 'have'} rows): ` +
      'an archive is restored only into a new instance with no accounts and no products.',
  );
}

/** Restores into the empty instance behind `pool` and `storage`; `open` reads the archive afresh for each pass. */
export async function restoreArchive(
  open: () => Lines,
  { pool, storage, secrets }: RestoreTarget,
): Promise<RestoreSummary> {
  const client = await pool.connect();
  const written: { area: string; name: string }[] = [];
  let broken: Error | undefined;
  try {
    refuseIfInUse(await tablesInUse(client));
    const shapes = new Map<string, TableShape>();
    for (const table of ARCHIVE_TABLES) shapes.set(table, await describeTable(client, table));
    const schema: Schema = { shapes, version: await schemaVersion(client), secrets };

    // Pass 1: everything is checked before anything is written.
    await walk(open(), schema);

    // Pass 2: the rows in one transaction, the files beside it.
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [RESTORE_LOCK]);
      // Products come with their own workflow states: not the three a new product gets (0030).
      await client.query("SELECT set_config('shipyard.restoring', 'on', true)");
      refuseIfInUse(await tablesInUse(client));
      let current: { body: PassThrough; done: Promise<number> } | undefined;
      const summary = await walk(open(), schema, {
        rows: async (shape, raws) => {
          const overrides = RECOMPUTED_ON_RESTORE[shape.name as keyof typeof RECOMPUTED_ON_RESTORE] ?? {};
          const columns = shape.columns.map(quoteIdent).join(', ');
          const values = shape.columns.map((c) => overrides[c] ?? `r.${quoteIdent(c)}`).join(', ');
          await client.query(
            `INSERT INTO public.${quoteIdent(shape.name)} (${columns})
             SELECT ${values} FROM jsonb_populate_recordset(NULL::public.${quoteIdent(shape.name)}, $1::jsonb) AS r`,
            [`[${raws.join(',')}]`],
          );
        },
        fileStart: (area, name) => {
          const body = new PassThrough();
          written.push({ area, name });
          const done = storage.write(area, name, body);
          done.catch(() => {}); // awaited in fileEnd; a failure also ends the writes below
          current = { body, done };
        },
        chunk: async (bytes) => {
          if (!current) return;
          if (!current.body.write(bytes)) await Promise.race([once(current.body, 'drain'), current.done]);
        },
        fileEnd: async () => {
          if (!current) return;
          current.body.end();
          await current.done;
          current = undefined;
        },
      });
      // Serial columns (the audit log's id) continue after the restored rows.
      const { rows: serials } = await client.query<{ seq: string; table_name: string; column_name: string }>(
        `SELECT table_name, column_name, pg_get_serial_sequence(format('public.%I', table_name), column_name) AS seq
           FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = ANY($1::text[])
            AND pg_get_serial_sequence(format('public.%I', table_name), column_name) IS NOT NULL`,
        [[...ARCHIVE_TABLES]],
      );
      for (const s of serials) {
        await client.query(
          `SELECT setval($1::regclass, coalesce((SELECT max(${quoteIdent(s.column_name)}) FROM public.${quoteIdent(s.table_name)}), 0) + 1, false)`,
          [s.seq],
        );
      }
      // Figures cached before the restore (there should be none) are never served again.
      await client.query(`SELECT nextval('analytics_version')`);
      await client.query('COMMIT');
      return summary;
    } catch (err) {
      await client.query('ROLLBACK').catch((rollback: Error) => {
        broken = rollback;
      });
      for (const f of written) await storage.remove(f.area, f.name).catch(() => {});
      throw err;
    }
  } finally {
    client.release(broken);
  }
}
