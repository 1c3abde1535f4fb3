import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';

// What every server-sent event stream of the server shares (docs/today.md 'Live updates'; the chat's stream
// follows the same rules, docs/messages.md): the headers that keep proxies from buffering or compressing
// it, and the limits that keep a forgotten tab or a phone asleep from costing the server.

/** Streams one person may hold (tabs, devices); past it the oldest is closed. */
export const STREAMS_PER_OWNER = 6;
/** A comment line every so often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
/** A stream ends after this (the client reconnects): a session ended since is then refused. */
export const STREAM_MAX_MS = 30 * 60_000;
/** A client that reads nothing (a phone asleep on a dead link) is dropped past this backlog. */
export const BACKLOG_MAX = 512 * 1024;

/**
 * Answers the request with an event stream (the session and the flag were checked in onRequest, as for any
 * call) and hands back the socket's response to write events to. A request that cannot read a stream (a
 * script, a test's inject) gets a 400 with `refusal` rather than being held open.
 */
export function startEventStream(req: FastifyRequest, reply: FastifyReply, refusal: string): ServerResponse {
  if (!String(req.headers.accept ?? '').includes('text/event-stream')) throw badRequest(refusal);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  req.socket.setNoDelay(true);
  req.socket.setTimeout(0);
  return res;
}

/** Writes to a stream unless it is gone; a stream whose reader fell too far behind is dropped (false). */
export function writeEvent(res: ServerResponse, text: string): boolean {
  if (res.writableEnded || res.destroyed) return false;
  if (res.writableLength > BACKLOG_MAX) {
    res.destroy();
    return false;
  }
  res.write(text);
  return true;
}
