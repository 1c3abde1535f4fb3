import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { M } from '@campsite/shared';

/** An error whose status and French message are meant for the user (401, 403, 404, 413, 429, 400). */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);

/**
 * Every error leaves as JSON {statusCode, code, message, fields}. Bad input is a 400 with the
 * spec's French sentence per field; an unexpected failure is logged and answered without details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!fields[path]) fields[path] = issue.message ?? M.badRequest;
      }
      const first = Object.values(fields)[0] ?? M.badRequest;
      return reply.status(400).send({ statusCode: 400, code: 'VALIDATION', message: first, fields });
    }
    if (err instanceof HttpError) {
      return reply
        .status(err.statusCode)
        .send({ statusCode: err.statusCode, code: codeOf(err.statusCode), message: err.message, fields: err.fields ?? {} });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return reply.status(413).send({ statusCode: 413, code: 'TOO_LARGE', message: M.fileTooLarge(5), fields: {} });
    }
    if (status >= 400 && status < 500) {
      // malformed JSON, wrong content type, …: the client's fault, said in French
      return reply.status(status).send({ statusCode: status, code: codeOf(status), message: M.badRequest, fields: {} });
    }
    req.log.error(err);
    return reply.status(500).send({ statusCode: 500, code: 'SERVER', message: M.serverError, fields: {} });
  });
}

function codeOf(status: number) {
  return (
    { 400: 'VALIDATION', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 413: 'TOO_LARGE', 429: 'TOO_MANY' }[status] ??
    'ERROR'
  );
}
