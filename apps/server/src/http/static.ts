import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CORE } from '@campsite/shared';
import { FIRST_SCREEN_MARK } from '@campsite/shared/client/first-screen';
import { firstScreenPage, inlineStylesheets, signInFirst } from './first-screen';

/**
 * Serves a built app (dashboard or guest) at the root of its port: hashed assets cached for a year,
 * index.html and the service worker never cached, any other path answered with index.html so that
 * the app's router decides (an unknown path shows the home). A build whose index.html carries the
 * first-screen mark (the guest app's) is answered with its first screen inside (`firstScreenPage`).
 * `pageFile`: the build's page, when it is not index.html (the operator console, the dashboard's second entry).
 */
export async function serveApp(app: FastifyInstance, distDir: string, pageFile = 'index.html') {
  const index = join(distDir, pageFile);
  const built = existsSync(index) ? readFileSync(index, 'utf8') : null;
  const firstScreen = !!built?.includes(FIRST_SCREEN_MARK);
  const template = built && firstScreen ? inlineStylesheets(built, distDir) : built;
  if (template) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // /index.html is a page like any other address, answered below
      globIgnore: [...new Set(['index.html', pageFile])],
      // a build may ship .br/.gz twins of its files (the guest app does): sent to browsers that accept them
      preCompressed: true,
      setHeaders(reply, path) {
        if (path.includes(`${join(distDir, 'assets')}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else reply.header('Cache-Control', 'no-cache');
      },
    });
  }
  const notFound = (reply: FastifyReply) => reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: CORE.notFound, fields: {} });
  // a route rather than the not-found handler, so that the page is compressed like any answer
  app.get('/*', { schema: { hide: true } }, async (req, reply) => {
    // a missing asset (an old build's chunk) is a 404, not the page: the browser would run HTML as a script;
    // the extension is the path's, not the query's (a review invitation's token holds a dot: '?t=abc.xyz')
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || (/\.\w+$/.test(path) && path !== '/index.html')) return notFound(reply);
    if (!template) {
      return reply.status(404).type('text/plain; charset=utf-8').send("L'application n'est pas construite : lancez `npm run build`.");
    }
    // the page depends on the guest's cookie and languages: kept by no shared cache, revalidated by the browser
    reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Accept-Language');
    const signIn = firstScreen ? await signInFirst(app, req) : null;
    if (signIn) return reply.redirect(signIn, 302);
    const page = firstScreen ? await firstScreenPage(app, req, template) : template;
    return reply.type('text/html; charset=utf-8').send(page);
  });
  app.setNotFoundHandler((_req, reply) => notFound(reply));
}
