import fp from 'fastify-plugin';
import { createStorage, type Storage } from '../lib/storage.ts';

// Where uploaded bytes live (docs/decisions/014-object-storage.md): the bucket or DATA_DIR/uploads.

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const storagePlugin = fp(
  async (app) => {
    const storage = createStorage(app.config, app.log);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());
  },
  { name: 'platform.storage', dependencies: ['platform.core'] },
);
