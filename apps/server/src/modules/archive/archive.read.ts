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
import type { z } from 'zod/mini';

// Reading a workspace archive (docs/decisions/020-workspace-archive.md): its lines, each parsed
// and checked, as events in the order of the file. archive.import.ts restores from them.

export class ArchiveError extends Error {}

export type ArchiveEvent =
  | { kind: 'header'; header: ArchiveHeader }
  | { kind: 'table'; table: string }
  | { kind: 'row'; raw: string; row: Record<string, unknown> }
  | { kind: 'table-end' }
  | { kind: 'file'; area: string; name: string; size: number }
  | { kind: 'chunk'; bytes: Buffer }
  | { kind: 'file-end' }
  | { kind: 'end'; end: ArchiveEnd };

export type Lines = AsyncIterable<string>;

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
