import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { M, files } from '@campsite/shared';
import { serve } from '../../http/calls';
import type { Deps } from '../../http/deps';
import { HttpError, badRequest } from '../../http/errors';
import * as repo from './files.repository';
import { decodeData, pickWidth, storeImage, storePdf, storeUpload } from './files.service';

async function uploaded(req: FastifyRequest) {
  if (!req.isMultipart()) throw badRequest(M.fileMissing, { file: M.fileMissing });
  const part = await req.file();
  if (!part) throw badRequest(M.fileMissing, { file: M.fileMissing });
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (err) {
    // over the multipart limit, which is the PDF's (images have a lower one, checked when stored)
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, M.fileTooLarge(10));
    throw err;
  }
  if (part.file.truncated) throw new HttpError(413, M.fileTooLarge(10));
  return { data, filename: part.filename };
}

async function send(reply: FastifyReply, req: FastifyRequest, file: Awaited<ReturnType<typeof repo.fileBytes>>) {
  if (!file) return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: M.notFound, fields: {} });
  // a stored file never changes: its id and width are a strong validator
  const etag = `"${file.id}-${file.width}"`;
  reply.header('ETag', etag).header('Cache-Control', 'public, max-age=31536000, immutable');
  if (req.headers['if-none-match'] === etag) return reply.status(304).send();
  reply.header('Content-Type', file.type).header('X-Content-Type-Options', 'nosniff');
  if (file.type === 'application/pdf' && file.originalname) {
    reply.header('Content-Disposition', `inline; filename="${file.originalname.replace(/[^\w.\- ]/g, '_')}"`);
  }
  return reply.send(file.data);
}

export function filesRoutes(app: FastifyInstance, deps: Deps) {
  serve(app, deps, files.list, () => repo.listFiles(deps.db));
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
    await send(reply, req, await repo.fileBytes(deps.db, { id: query.id }, width));
  });
  serve(app, deps, files.getImage, async ({ params, req, reply }) => {
    await send(reply, req, await repo.fileBytes(deps.db, { base: params.name }, 1920));
  });
  serve(app, deps, files.getImageThumb, async ({ params, req, reply }) => {
    await send(reply, req, await repo.fileBytes(deps.db, { base: params.name }, Number(params.size) === 192 ? 192 : 720));
  });
  serve(app, deps, files.getFile, async ({ params, req, reply }) => {
    await send(reply, req, await repo.fileBytes(deps.db, { base: params.name }));
  });
  serve(app, deps, files.uploadFile, ({ body }) => storeUpload(deps.db, body.file, deps.now()));
}
