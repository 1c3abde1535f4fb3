import type { FastifyRequest } from 'fastify';
import { CORE, withoutBadCharacters } from '@campsite/shared';
import { HttpError, badRequest } from './errors';

/**
 * A multipart upload (one file): its text fields (sent before the file) and the file's bytes. `maxMb` is
 * the limit the 413 sentence names (the multipart limit of the route).
 */
export async function readUpload(req: FastifyRequest, maxMb: number): Promise<{ fields: Record<string, string>; data: Buffer; filename: string }> {
  if (!req.isMultipart()) throw badRequest(CORE.fileMissing, { file: CORE.fileMissing });
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  let data: Buffer;
  try {
    part = await req.file();
    if (!part) throw badRequest(CORE.fileMissing, { file: CORE.fileMissing });
    data = await part.toBuffer();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const { code, statusCode } = err as { code?: string; statusCode?: number };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, CORE.fileTooLarge(maxMb));
    // the plugin's own refusals (a second file, a wrong content type) say their status
    if (statusCode && statusCode < 500) throw err;
    // the body is not the multipart it says (no boundary, cut short, a broken part header): busboy's
    // errors carry no status, and the parsing happens in memory, so any other error is the client's
    throw badRequest(CORE.badRequest, { file: CORE.fileMissing });
  }
  if (part.file.truncated) throw new HttpError(413, CORE.fileTooLarge(maxMb));
  const fields: Record<string, string> = {};
  for (const [key, field] of Object.entries(part.fields)) {
    const f = Array.isArray(field) ? field[0] : field;
    if (f && f.type === 'field' && typeof f.value === 'string') fields[key] = withoutBadCharacters(f.value).slice(0, 200);
  }
  return { fields, data, filename: withoutBadCharacters(part.filename) };
}
