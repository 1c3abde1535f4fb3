import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { M } from '@campsite/shared';

/**
 * Serves a built app (dashboard or guest) at the root of its port: hashed assets cached for a year,
 * index.html and the service worker never cached, any other path answered with index.html so that
 * the app's router decides (an unknown path shows the home).
 */
export async function serveApp(app: FastifyInstance, distDir: string) {
  const index = join(distDir, 'index.html');
  if (existsSync(index)) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // a build may ship .br/.gz twins of its files (the guest app does): sent to browsers that accept them
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.includes(`${join(distDir, 'assets')}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else reply.header('Cache-Control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // a missing asset (an old build's chunk) is a 404, not the page: the browser would run HTML as a script
    if (req.url.startsWith('/api/') || req.method !== 'GET' || /\.\w+(\?|$)/.test(req.url)) {
      return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: M.notFound, fields: {} });
    }
    if (!existsSync(index)) {
      return reply.status(404).type('text/plain; charset=utf-8').send("L'application n'est pas construite : lancez `npm run build`.");
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(index));
  });
}
