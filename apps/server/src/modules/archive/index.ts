import fp from 'fastify-plugin';
import { archiveRoutes } from './archive.routes.ts';

export { restoreArchive } from './archive.import.ts';
export { ArchiveError, archiveLines } from './archive.read.ts';

/** The workspace JSON archive's export (docs/decisions/020-workspace-archive.md); the restore is the CLI import-archive.ts. */
export const archiveModule = fp(
  async (app) => {
    const { pool, storage, audit, clock } = app;
    await app.register(archiveRoutes, { prefix: '/api', pool, storage, audit, clock });
  },
  { name: 'archive', dependencies: ['platform'] },
);
