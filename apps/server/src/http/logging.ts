import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/** A request slower than this is logged (warn) whatever the level. */
export const SLOW_REQUEST_MS = 1000;

let stream: pino.DestinationStream | undefined;

/**
 * The server's log: JSON lines written asynchronously (a synchronous write per line cost 17 % of a read),
 * one stream shared by both ports.
 */
export function loggerOptions(level: string) {
  stream ??= pino.destination({ dest: 1, sync: false });
  return { level, stream };
}

/**
 * One line per request at most, instead of Fastify's two at info level: every request only at debug level
 * (LOG_LEVEL=debug); otherwise only slow requests (warn) and failed ones (error).
 */
export class RequestLog extends LogController {
  incomingRequest() {}

  requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, req, reply);
    const ms = reply.elapsedTime;
    const line = { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(ms * 10) / 10 };
    if (ms >= SLOW_REQUEST_MS) reply.log.warn(line, 'slow request');
    else if (reply.log.level === 'debug' || reply.log.level === 'trace') reply.log.debug(line, 'request');
  }
}
