import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../http/deps';
import { buildIcon, buildManifest, ICON_SIZES, type IconSize } from './manifest.service';

/**
 * The web manifest and the app icons of the guest app, built from the settings (name, default language),
 * the selected theme and the logo, so that a change in the dashboard reaches the next install.
 * Not API calls: the browser asks for them by these addresses.
 */
export function manifestRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (req, reply) => {
    const { manifest, version } = await buildManifest(deps.db);
    const etag = `"m-${version}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/manifest+json; charset=utf-8').send(JSON.stringify(manifest));
  });

  app.get<{ Params: { kind: string; size: string } }>('/icons/:kind-:size.png', { schema: { hide: true } }, async (req, reply) => {
    const size = Number(req.params.size) as IconSize;
    const kind = req.params.kind;
    if (!ICON_SIZES.includes(size) || (kind !== 'icon' && kind !== 'maskable')) {
      return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Introuvable', fields: {} });
    }
    const { png, version } = await buildIcon(deps.db, size, kind === 'maskable');
    const etag = `"${kind}-${size}-${version}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/png').send(png);
  });
}
