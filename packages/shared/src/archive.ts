// The workspace JSON archive (issue 20, docs/decisions/020-workspace-archive.md): a super admin
// downloads every table and every uploaded file as one JSON document; `npm run import-archive`
// restores it into an empty instance. The shapes below are the archive's lines: the exporter
// writes one row or one file chunk per line, and the importer reads it back line by line.
import { z } from 'zod/mini';

export const ARCHIVE_FORMAT = 'shipyard-workspace-archive';
export const ARCHIVE_FORMAT_VERSION = 1;
/** Raw bytes per base64 line of a file (64 KiB → 87,384 characters). */
export const ARCHIVE_CHUNK_BYTES = 64 * 1024;
/** The longest line the importer accepts (one row; a chunk line is far below it). */
export const ARCHIVE_LINE_MAX_CHARS = 4 * 1024 * 1024;
/** Exports per super admin per hour. */
export const ARCHIVE_EXPORTS_PER_HOUR = 3;
/** The response header with the exporter's estimate of the archive's size in bytes. */
export const ARCHIVE_ESTIMATE_HEADER = 'x-archive-estimated-bytes';

export const archiveMessages = {
  forbidden: 'Only a super admin can export the workspace.',
  passwordRequired: 'Enter your password to export the workspace.',
  passwordWrong: 'That password is not correct.',
  noPassword: 'Set a password for your account first: the export asks for it.',
  busy: 'Another workspace export is running. Please try again in a few minutes.',
  tooMany: `Too many workspace exports. At most ${ARCHIVE_EXPORTS_PER_HOUR} an hour.`,
};

/** POST /api/admin/workspace-archive: the caller's password, asked again (the archive holds every account). */
export const ArchiveExportBodySchema = z.object({
  password: z
    .string(archiveMessages.passwordRequired)
    .check(
      z.minLength(1, archiveMessages.passwordRequired),
      z.maxLength(256, archiveMessages.passwordRequired),
    ),
});
export type ArchiveExportBody = z.infer<typeof ArchiveExportBodySchema>;

const name = z.string().check(z.regex(/^[a-z][a-z0-9_]{0,62}$/));
const fileName = z.string().check(z.regex(/^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,199}$/));

/** The first line's `archive` object. */
export const ArchiveHeaderSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number(),
  exported_at: z.string().check(z.maxLength(40)),
  /** The migrations applied to the exported database: the importer's must be the same. */
  schema: z.object({
    migrations: z.int().check(z.minimum(0)),
    latest: z.string().check(z.maxLength(100)),
  }),
  tables: z.array(name).check(z.maxLength(200)),
  not_exported: z.record(name, z.string().check(z.maxLength(500))),
});
export type ArchiveHeader = z.infer<typeof ArchiveHeaderSchema>;

export const ArchiveTableStartSchema = z.object({ table: name, rows: z.array(z.never()) });
/** One row: column name → value as PostgreSQL's to_jsonb writes it. */
export const ArchiveRowSchema = z.record(name, z.unknown());
export const ArchiveFileStartSchema = z.object({
  area: name,
  name: fileName,
  size: z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  chunks: z.array(z.never()),
});
export const ArchiveChunkSchema = z
  .string()
  .check(z.maxLength(Math.ceil(ARCHIVE_CHUNK_BYTES / 3) * 4), z.regex(/^[A-Za-z0-9+/]*={0,2}$/));
/** The last line: what the archive holds, so a cut-off or edited file is noticed. */
export const ArchiveEndSchema = z.object({
  rows: z.record(name, z.int().check(z.minimum(0))),
  files: z.int().check(z.minimum(0)),
  file_bytes: z.int().check(z.minimum(0)),
});
export type ArchiveEnd = z.infer<typeof ArchiveEndSchema>;
