import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '@campsite/shared';
import { CORE, files } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { HttpError } from '../../http/errors';
import { readUpload } from '../../http/upload';
import { dashboardUserOf } from '../../http/session';
import * as repo from '../../platform/files/files.repository';
import { decodeData, pickWidth, storeImage, storePdf } from '../../platform/files/files.service';

// the multipart limit is the PDF's (images have a lower one, checked when stored)
const uploaded = (req: FastifyRequest) => readUpload(req, 10);

/**
 * The booklet's images and PDFs are public assets (the guest app shows them to anyone). Every other kind
 * of file (an import's CSV, later an inventory's photos and PDFs) is read only by staff with the flag
 * of its area; a kind not listed here needs super.
 */
const PRIVATE_KINDS: Record<string, Permission> = { upload: 'users', inventory: 'inventories' };
const PUBLIC_KINDS = new Set(['image', 'pdf']);

async function assertMayRead(deps: Deps, req: FastifyRequest, kind: string) {
  if (PUBLIC_KINDS.has(kind)) return;
  const user = await dashboardUserOf(deps, req);
  if (!user) throw new HttpError(401, CORE.notSignedIn);
  if (user.permissions[PRIVATE_KINDS[kind] ?? 'super'] !== 1) throw new HttpError(403, CORE.forbidden);
}

async function send(deps: Deps, reply: FastifyReply, req: FastifyRequest, file: Awaited<ReturnType<typeof repo.fileBytes>>) {
  if (!file) return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: CORE.notFound, fields: {} });
  await assertMayRead(deps, req, file.kind);
  // a stored file never changes: its id and width are a strong validator; a private one stays out of shared caches
  const etag = `"${file.id}-${file.width}"`;
  reply.header('ETag', etag).header('Cache-Control', PUBLIC_KINDS.has(file.kind) ? 'public, max-age=31536000, immutable' : 'private, no-store');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.header('Content-Type', file.type).header('X-Content-Type-Options', 'nosniff');
  const filename = file.originalname.replace(/[^\w.\- ]/g, '_');
  // a private file is downloaded, never shown in the page of the app that links it
  if (!PUBLIC_KINDS.has(file.kind)) reply.header('Content-Disposition', `attachment; filename="${filename || 'fichier'}"`);
  else if (file.type === 'application/pdf' && filename) reply.header('Content-Disposition', `inline; filename="${filename}"`);
  return reply.send(file.data);
}

export function filesRoutes(app: FastifyInstance, deps: Deps) {
  // the spec's answer (every file) without paging; a page for the files screen (docs/api.md)
  serve(app, deps, files.list, ({ query }) =>
    query.page ? repo.listFilesPage(deps.db, { ...query, page: query.page }) : repo.listFiles(deps.db),
  );
  serve(app, deps, files.insert, async ({ body, reply }) => {
    const doc = await storeImage(deps.db, decodeData(body.data), body.name, deps.now());
    // Fastify sends a returned string as is: the answer must be the JSON string "<id>"
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(doc._id) as never;
  });
  serve(app, deps, files.addImage, async ({ req }) => {
    const { data, filename } = await uploaded(req);
    return storeImage(deps.db, data, filename, deps.now());
  });
  serve(app, deps, files.addPdf, async ({ req }) => {
    const { data, filename } = await uploaded(req);
    return storePdf(deps.db, data, filename, deps.now());
  });
  serve(app, deps, files.deleteImage, async ({ body }) => (await repo.deleteFile(deps.db, body.id, 'image')) || false);
  serve(app, deps, files.deletePdf, async ({ body }) => (await repo.deleteFile(deps.db, body.id, 'pdf')) || false);
  serve(app, deps, files.get, async ({ query, req, reply }) => {
    const width = query.width ? pickWidth(await repo.variantWidths(deps.db, query.id), query.width) : undefined;
    await send(deps, reply, req, await repo.fileBytes(deps.db, { id: query.id }, width));
  });
  serve(app, deps, files.getImage, async ({ params, req, reply }) => {
    await send(deps, reply, req, await repo.fileBytes(deps.db, { base: params.name }, 1920));
  });
  serve(app, deps, files.getImageThumb, async ({ params, req, reply }) => {
    await send(deps, reply, req, await repo.fileBytes(deps.db, { base: params.name }, Number(params.size) === 192 ? 192 : 720));
  });
  serve(app, deps, files.getFile, async ({ params, req, reply }) => {
    await send(deps, reply, req, await repo.fileBytes(deps.db, { base: params.name }));
  });
}
