import fp from 'fastify-plugin';
import { loadSecretBox, type SecretBox } from '../lib/secrets.ts';

// The key that encrypts stored secrets (service API keys, webhook secrets, two-factor seeds):
// APP_SECRET, or DATA_DIR/secret.key.

declare module 'fastify' {
  interface FastifyInstance {
    secrets: SecretBox;
  }
}

export const secretsPlugin = fp(
  async (app) => {
    const { appSecret, dataDir } = app.config;
    app.decorate('secrets', await loadSecretBox({ appSecret, dataDir }));
  },
  { name: 'platform.secrets', dependencies: ['platform.core'] },
);
