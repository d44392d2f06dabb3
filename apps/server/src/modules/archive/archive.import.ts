import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import {
  ARCHIVE_CHUNK_BYTES,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ARCHIVE_LINE_MAX_CHARS,
  type ArchiveEnd,
  ArchiveEndSchema,
  ArchiveFileStartSchema,
  type ArchiveHeader,
  ArchiveHeaderSchema,
  ArchiveRowSchema,
  ArchiveTableStartSchema,
} from '@shipyard/shared';
import type pg from 'pg';
import type { z } from 'zod/mini';
import type { SecretBox } from '../../lib/secrets.ts';
import type { Storage } from '../../lib/storage.ts';
import { twoFactorSecretContext as twoFactorContext } from '../auth/index.ts';
import { apiKeyContext } from '../services/index.ts';
import { describeTable, quoteIdent, schemaVersion, type TableShape } from './archive.database.ts';
import { ARCHIVE_FILE_AREAS, ARCHIVE_TABLES, RECOMPUTED_ON_RESTORE } from './archive.tables.ts';

// Restores a workspace archive into an empty instance (docs/decisions/020-workspace-archive.md).
// Two passes over the file: the first checks everything (format and version, the schema's
// migrations, every line's shape and every row's columns, every file's bytes, the counts at the
// end) and writes nothing; the second inserts every row in one transaction, writes the files
// through the storage interface and commits only when all of it went in. A failure rolls the
// rows back and removes the files already written.

/** The archive cannot be restored here; the message says why. */
export class ArchiveError extends Error {}

const INSERT_ROWS = 500;

export type ArchiveEvent =
  | { kind: 'header'; header: ArchiveHeader }
  | { kind: 'table'; table: string }
  | { kind: 'row'; raw: string; row: Record<string, unknown> }
  | { kind: 'table-end' }
  | { kind: 'file'; area: string; name: string; size: number }
  | { kind: 'chunk'; bytes: Buffer }
  | { kind: 'file-end' }
  | { kind: 'end'; end: ArchiveEnd };

type Lines = AsyncIterable<string>;

function parseJson(text: string, line: number, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ArchiveError(`line ${line}: ${what} is not valid JSON`);
  }
}

function parse<T>(schema: z.ZodMiniType<T>, text: string, line: number, what: string): T {
  const result = schema.safeParse(parseJson(text, line, what));
  if (!result.success) throw new ArchiveError(`line ${line}: ${what} does not have the expected shape`);
  return result.data;
}

/**
 * The archive's lines as events, in the layout the exporter writes (archive.export.ts). Any
 * other layout, a line over the cap or a file cut short is refused with the line's number.
 */
export async function* readArchive(lines: Lines): AsyncGenerator<ArchiveEvent> {
  type State =
    | 'start'
    | 'tables-open'
    | 'tables'
    | 'rows'
    | 'files-open'
    | 'files'
    | 'chunks'
    | 'end'
    | 'done';
  let state: State = 'start';
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.length > ARCHIVE_LINE_MAX_CHARS)
      throw new ArchiveError(`line ${n} is longer than an archive line may be`);
    const item = line.startsWith(',') ? line.slice(1) : line;
    switch (state) {
      case 'start': {
        if (!line.startsWith('{"archive":') || !line.endsWith(',')) {
          throw new ArchiveError(
            'This file is not a Shipyard workspace archive (its first line is not an archive header).',
          );
        }
        const { archive } = parseJson(`${line.slice(0, -1)}}`, n, 'the header') as { archive?: unknown };
        const header = ArchiveHeaderSchema.safeParse(archive);
        if (!header.success || header.data.format !== ARCHIVE_FORMAT) {
          throw new ArchiveError('This file is not a Shipyard workspace archive (its header is not one).');
        }
        if (header.data.version !== ARCHIVE_FORMAT_VERSION) {
          throw new ArchiveError(
            `This archive has format version ${header.data.version}; this Shipyard reads version ${ARCHIVE_FORMAT_VERSION}.`,
          );
        }
        yield { kind: 'header', header: header.data };
        state = 'tables-open';
        break;
      }
      case 'tables-open':
        if (line !== '"tables":[') throw new ArchiveError(`line ${n}: expected the start of the tables`);
        state = 'tables';
        break;
      case 'tables':
        if (line === '],') {
          state = 'files-open';
          break;
        }
        if (!item.endsWith('"rows":[')) throw new ArchiveError(`line ${n}: expected the start of a table`);
        yield { kind: 'table', table: parse(ArchiveTableStartSchema, `${item}]}`, n, 'a table').table };
        state = 'rows';
        break;
      case 'rows':
        if (line === ']}') {
          yield { kind: 'table-end' };
          state = 'tables';
          break;
        }
        yield { kind: 'row', raw: item, row: parse(ArchiveRowSchema, item, n, 'a row') };
        break;
      case 'files-open':
        if (line !== '"files":[') throw new ArchiveError(`line ${n}: expected the start of the files`);
        state = 'files';
        break;
      case 'files':
        if (line === '],') {
          state = 'end';
          break;
        }
        if (!item.endsWith('"chunks":[')) throw new ArchiveError(`line ${n}: expected the start of a file`);
        {
          const file = parse(ArchiveFileStartSchema, `${item}]}`, n, 'a file');
          yield { kind: 'file', area: file.area, name: file.name, size: file.size };
        }
        state = 'chunks';
        break;
      case 'chunks': {
        if (line === ']}') {
          yield { kind: 'file-end' };
          state = 'files';
          break;
        }
        if (
          !item.startsWith('"') ||
          !item.endsWith('"') ||
          item.length > Math.ceil(ARCHIVE_CHUNK_BYTES / 3) * 4 + 2
        ) {
          throw new ArchiveError(`line ${n}: expected a chunk of a file`);
        }
        const text = item.slice(1, -1);
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text))
          throw new ArchiveError(`line ${n}: a chunk of a file is not base64`);
        yield { kind: 'chunk', bytes: Buffer.from(text, 'base64') };
        break;
      }
      case 'end':
        if (!line.startsWith('"end":') || !line.endsWith('}}'))
          throw new ArchiveError(`line ${n}: expected the end`);
        yield { kind: 'end', end: parse(ArchiveEndSchema, line.slice(6, -1), n, 'the end') };
        state = 'done';
        break;
      case 'done':
        if (line.trim() !== '') throw new ArchiveError(`line ${n}: text after the end of the archive`);
    }
  }
  if (state !== 'done') {
    throw new ArchiveError(
      'The archive is incomplete: it ends before its last line (was the download cut short?).',
    );
  }
}

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

/**
 * The lines of a byte stream, refusing one longer than the cap before it is buffered whole
 * (readline would hold any length of a file without a newline).
 */
export async function* archiveLines(input: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pending = '';
  let n = 0;
  const decode = (bytes: Buffer | string, stream: boolean) => {
    try {
      return typeof bytes === 'string' ? bytes : decoder.decode(bytes, { stream });
    } catch {
      throw new ArchiveError(`line ${n + 1}: the archive is not UTF-8 text`);
    }
  };
  for await (const data of input) {
    pending += decode(data, true);
    let at = pending.indexOf('\n');
    while (at >= 0) {
      n++;
      yield pending.slice(0, at).replace(/\r$/, '');
      pending = pending.slice(at + 1);
      at = pending.indexOf('\n');
    }
    if (pending.length > ARCHIVE_LINE_MAX_CHARS)
      throw new ArchiveError(`line ${n + 1} is longer than an archive line may be`);
  }
  pending += decode(Buffer.alloc(0), false);
  if (pending) yield pending;
}
