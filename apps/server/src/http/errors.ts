import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CORE, APPEARANCE, VALIDATION } from '@campsite/shared';
import { pgErrorOf, safeErrorForLog, type PgError } from '../db/errors';

// what a service throws for the user: in lib/, below every layer that throws it (images, throttles, services)
export { HttpError, tooMany, badRequest } from '../lib/http-error';
import { badRequest, HttpError } from '../lib/http-error';

export const isUniqueViolation = (err: unknown) => pgErrorOf(err)?.code === '23505';

/**
 * A unique rule broken by a write (two creations of one name at once get past the service's check, the
 * database's index refuses the second): the sentence per constraint, 'already exists' by default.
 */
const UNIQUE_SENTENCES: Record<string, { message: string; field: string }> = {
  themes_name_idx: { message: APPEARANCE.themeNameTaken, field: 'name' },
  dashboard_users_username_key: { message: CORE.duplicateUsername, field: 'username' },
};

/** The answer for an error PostgreSQL raised on input it refused, or undefined for a server fault. */
function databaseRefusal(pg: PgError): HttpError | undefined {
  if (pg.code === '23505') {
    const known = pg.constraint ? UNIQUE_SENTENCES[pg.constraint] : undefined;
    return known ? badRequest(known.message, { [known.field]: known.message }) : badRequest(CORE.alreadyExists);
  }
  // integrity (a reference to nothing, a check) and data exceptions (a number out of range, a bad
  // character): the input's fault, refused whole since the transaction rolled back
  if (pg.code.startsWith('23') || pg.code.startsWith('22')) return badRequest(CORE.badRequest);
  return undefined;
}

/**
 * Every error leaves as JSON {statusCode, code, message, fields}. Bad input is a 400 with the
 * spec's French sentence per field; an unexpected failure is logged and answered without details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  // each request's handling runs with its reply at hand, so that the last-resort handler can answer it.
  // Entered again before the handler: a body arrives by stream events, outside the context of onRequest
  app.addHook('onRequest', (_req, reply, done) => requestContext.run(reply, done));
  app.addHook('preHandler', (_req, reply, done) => requestContext.run(reply, done));
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const answer = (status: number, message: string, fields: Record<string, string> = {}) =>
      reply.status(status).send({ statusCode: status, code: codeOf(status), message, fields });
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || '_';
        if (!fields[path]) fields[path] = issue.message ?? CORE.badRequest;
      }
      return answer(400, Object.values(fields)[0] ?? CORE.badRequest, fields);
    }
    // a body that did not arrive in time: the rest of it is not waited for, the connection ends with the answer
    if (err instanceof HttpError && err.statusCode === 408) reply.header('connection', 'close');
    if (err instanceof HttpError && err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
    if (err instanceof HttpError) return answer(err.statusCode, err.message, err.fields);
    const pg = pgErrorOf(err);
    const refusal = pg && databaseRefusal(pg);
    if (refusal) {
      req.log.warn({ err: safeErrorForLog(err) }, 'input refused by the database');
      return answer(400, refusal.message, refusal.fields);
    }
    if (isDiskFull(err)) {
      req.log.error({ err: safeErrorForLog(err) }, 'the disk of the database is full');
      return answer(507, CORE.diskFull);
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer(413, VALIDATION.bodyTooLarge);
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT') {
      return answer(413, CORE.fileTooLarge(5));
    }
    if (status >= 400 && status < 500) {
      // malformed JSON, wrong content type, …: the client's fault, said in French
      return answer(status, CORE.badRequest);
    }
    req.log.error({ err: safeErrorForLog(err) }, 'request failed');
    return failed(reply);
  });
}

/**
 * The 500 answer: its request's id (as in every log line of the request, `reqId`) in the body and a header, so
 * that whoever reports the failure can give it and whoever runs the server finds the lines.
 */
function failed(reply: FastifyReply) {
  const requestId = reply.request.id;
  return reply.status(500).header('x-request-id', requestId).send({ statusCode: 500, code: 'ERROR', message: CORE.serverError, fields: {}, requestId });
}

function codeOf(status: number) {
  return (
    { 400: 'VALIDATION', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 408: 'TIMEOUT', 413: 'TOO_LARGE', 429: 'TOO_MANY', 507: 'DISK_FULL' }[status] ??
    'ERROR'
  );
}

/** The reply of the request whose handling is running (an asynchronous callback it started included). */
const requestContext = new AsyncLocalStorage<FastifyReply>();

/**
 * The last resort: an error that no `try` reaches (thrown by a library's asynchronous callback, a promise
 * nobody awaited) no longer ends the process, which would end every other request and both ports with it.
 * It is logged (JSON, the server's log) and the request whose handling threw it, when there is one and it
 * is not answered yet, gets the French 500; the process keeps serving. This is safe here because what such
 * an error can leave behind is bounded: every write is one transaction (a transaction whose code stopped
 * holds its connection until the database or the pool ends it, and commits nothing), the answer cache keeps
 * only complete answers, jobs are leased rows that another try takes again. What it cannot undo (a leaked
 * connection, memory) is logged as 'uncaught error' for whoever runs the server to see
 * (docs/architecture-notes.md, "The database goes away").
 */
export function installLastResort(log: FastifyBaseLogger) {
  const handle = (kind: string) => (err: unknown) => {
    const reply = requestContext.getStore();
    log.error(
      { err: safeErrorForLog(err), kind, request: reply ? `${reply.request.method} ${reply.request.url}` : undefined, reqId: reply?.request.id },
      'uncaught error: the server keeps serving',
    );
    if (!reply || reply.sent || reply.raw.headersSent) return;
    try {
      failed(reply);
    } catch {
      // the connection is gone: nothing to answer
    }
  };
  process.on('uncaughtException', handle('uncaughtException'));
  process.on('unhandledRejection', handle('unhandledRejection'));
}

/** The database's disk is full: PostgreSQL's disk_full, or the embedded database's files refused (ENOSPC). */
export function isDiskFull(err: unknown): boolean {
  if (pgErrorOf(err)?.code === '53100') return true;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === 'ENOSPC' || (typeof message === 'string' && /ENOSPC|No space left on device|could not extend file/i.test(message))) return true;
  }
  return false;
}
