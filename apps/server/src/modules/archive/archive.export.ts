import {
  ARCHIVE_CHUNK_BYTES,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  type ArchiveEnd,
  type ArchiveHeader,
} from '@shipyard/shared';
import type pg from 'pg';
import type { Clock } from '../../lib/clock.ts';
import type { Storage } from '../../lib/storage.ts';
import { describeTable, quoteIdent, schemaVersion } from './archive.database.ts';
import { ARCHIVE_FILE_AREAS, ARCHIVE_TABLES, NOT_EXPORTED } from './archive.tables.ts';

// Writes the workspace archive (docs/decisions/020-workspace-archive.md) as a stream of text:
// one JSON document, one row or one base64 chunk of a file per line. The rows come from
// server-side cursors inside one REPEATABLE READ transaction (one consistent snapshot of every
// table, FETCH_ROWS rows in memory at a time); the files are streamed from storage after it.
// Nothing holds more than a page of rows or one chunk of a file.

const FETCH_ROWS = 500;
/** How long the snapshot may wait for a reader that does not read (docs/security.md). */
const IDLE_LIMIT_SECONDS = 300;

export type ArchiveSources = {
  pool: pg.Pool;
  storage: Storage;
  clock: Clock;
  /** Tests shorten it. */
  idleLimitSeconds?: number;
};

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A rough size for the browser's progress bar: table heaps plus the files in base64. */
export async function estimateArchiveBytes({ pool, storage }: Pick<ArchiveSources, 'pool' | 'storage'>) {
  const { rows } = await pool.query<{ bytes: string | null }>(
    `SELECT sum(pg_relation_size(format('public.%I', t)::regclass)) AS bytes FROM unnest($1::text[]) AS t`,
    [[...ARCHIVE_TABLES]],
  );
  let files = 0;
  for (const area of ARCHIVE_FILE_AREAS) files += await storage.usage(area);
  return Number(rows[0]?.bytes ?? 0) + Math.ceil(files / 3) * 4;
}

export async function* writeArchive({
  pool,
  storage,
  clock,
  idleLimitSeconds = IDLE_LIMIT_SECONDS,
}: ArchiveSources): AsyncGenerator<string> {
  const counts: ArchiveEnd = { rows: {}, files: 0, file_bytes: 0 };
  const client = await pool.connect();
  let open = false;
  let failed: unknown;
  // The server may end the session while we wait for the reader (the idle limit below): the
  // connection is then dropped, not handed back to the pool.
  let lost: Error | undefined;
  const onLost = (err: Error) => {
    lost = err;
  };
  client.on('error', onLost);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    open = true;
    // A reader that stops reading must not hold the snapshot (and vacuum) back for ever: past
    // this wait between two pages PostgreSQL ends the session, and the download stops short
    // (an archive without its last line, which the import refuses).
    await client.query(
      `SET LOCAL idle_in_transaction_session_timeout = '${Math.round(idleLimitSeconds * 1000)}ms'`,
    );
    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_FORMAT_VERSION,
      exported_at: clock.now().toISOString(),
      schema: await schemaVersion(client),
      tables: [...ARCHIVE_TABLES],
      not_exported: NOT_EXPORTED,
    };
    yield `{"archive":${JSON.stringify(header)},\n"tables":[\n`;
    for (const [index, name] of ARCHIVE_TABLES.entries()) {
      const shape = await describeTable(client, name);
      const row = shape.generated.length
        ? `to_jsonb(t) - ARRAY[${shape.generated.map(literal).join(',')}]::text[]`
        : 'to_jsonb(t)';
      await client.query(
        `DECLARE archive_rows NO SCROLL CURSOR FOR
           SELECT (${row})::text AS r FROM public.${quoteIdent(name)} t
            ORDER BY ${shape.primaryKey.map((c) => `t.${quoteIdent(c)}`).join(', ')}`,
      );
      yield `${index ? ',' : ''}{"table":${JSON.stringify(name)},"rows":[\n`;
      let count = 0;
      for (;;) {
        const page = await client.query<{ r: string }>(`FETCH ${FETCH_ROWS} FROM archive_rows`);
        if (!page.rows.length) break;
        let text = '';
        for (const { r } of page.rows) text += `${count++ ? ',' : ''}${r}\n`;
        yield text;
        if (page.rows.length < FETCH_ROWS) break;
      }
      await client.query('CLOSE archive_rows');
      counts.rows[name] = count;
      yield ']}\n';
    }
    await client.query('COMMIT');
    open = false;
  } catch (err) {
    failed = err;
    throw err;
  } finally {
    if (open && !lost) await client.query('ROLLBACK').catch(() => {});
    client.off('error', onLost);
    // A connection that failed mid-query is dropped rather than handed to the next request.
    client.release(lost ?? (failed instanceof Error ? failed : undefined));
  }

  yield '],\n"files":[\n';
  for (const area of ARCHIVE_FILE_AREAS) {
    for await (const listed of storage.list(area)) {
      const stored = await storage.read(area, listed.name);
      if (!stored) continue; // removed since it was listed
      yield `${counts.files ? ',' : ''}${JSON.stringify({ area, name: listed.name, size: stored.size }).slice(0, -1)},"chunks":[\n`;
      let written = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = (all: boolean) => {
        let text = '';
        let buffer = Buffer.concat(pending);
        while (buffer.length >= ARCHIVE_CHUNK_BYTES || (all && buffer.length)) {
          const chunk = buffer.subarray(0, ARCHIVE_CHUNK_BYTES);
          text += `${written ? ',' : ''}"${chunk.toString('base64')}"\n`;
          written += chunk.length;
          buffer = buffer.subarray(chunk.length);
        }
        pending = buffer.length ? [buffer] : [];
        pendingBytes = buffer.length;
        return text;
      };
      for await (const data of stored.body as AsyncIterable<Buffer>) {
        pending.push(data);
        pendingBytes += data.length;
        if (pendingBytes >= ARCHIVE_CHUNK_BYTES) yield flush(false);
      }
      const rest = flush(true);
      if (rest) yield rest;
      if (written !== stored.size)
        throw new Error(`file ${area}/${listed.name} changed while it was exported`);
      counts.files++;
      counts.file_bytes += written;
      yield ']}\n';
    }
  }
  yield `],\n"end":${JSON.stringify(counts)}}\n`;
}
