import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

// The built SPA, with history fallback: any non-/api GET that is not a file gets index.html; any
// other unknown route is a 404 in the API's error shape.

export const webAppPlugin = fp<{ root: string }>(
  async (app, { root }) => {
    const hasBuild = fs.existsSync(`${root}/index.html`);
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The .br and .gz siblings the build wrote (apps/web/vite.config.ts), with Vary: Accept-Encoding.
        preCompressed: true,
        // Vite fingerprints everything under /assets: cache it for good; anything else is revalidated.
        setHeaders: (reply, file) => {
          reply.header(
            'cache-control',
            file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    app.setNotFoundHandler((req, reply) => {
      const isPage = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api');
      if (!isPage) {
        return reply.status(404).send({
          error: 'Not Found',
          message: `No route for ${req.method} ${req.url.split('?')[0]}`,
          code: 'ROUTE_NOT_FOUND',
          requestId: String(req.id),
        });
      }
      if (!hasBuild)
        return reply.status(404).type('text/plain').send('The web app is not built: run `npm run build`.');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'platform.web-app', dependencies: ['platform.http'] },
);
