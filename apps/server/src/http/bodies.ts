import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallDef } from '@campsite/shared';
import { CORE } from '@campsite/shared';
import { badRequest, HttpError } from './errors';
import { MAX_DEPTH } from './input';

/**
 * Request bodies (issue 18, availability): each call reads at most what its largest legitimate body needs,
 * a JSON body nested deeper than any document of the product is refused before JSON.parse, and a body
 * that does not arrive in time is a 408 that closes the connection. Access (session, flag, plan) is checked
 * before any of this (`onRequest` in calls.ts): without a session no body is parsed at all.
 */

const KB = 1024;
const MB = 1024 * KB;

/**
 * Every call not listed below: a page's section with its rich text in seven languages, an e-mail template,
 * a campaign's message fit well under it (the contract caps one HTML text at 200 000 characters; a
 * translated page's section holding that many in every language is about 1.4 MB: see CONTENT below).
 */
export const DEFAULT_BODY_LIMIT = 256 * KB;
/** Rich texts in seven languages (pages' sections, activities, e-mail templates and their previews). */
const CONTENT = 2 * MB;
/** Lists of client numbers or recipients (the contract allows 100 000 numbers, 20 000 recipients). */
const BULK = 8 * MB;
/** Files sent as data URLs: CSV imports, the logo (5 MB image), files/insert (8 000 000 characters). */
const FILES = 12 * MB;

const LIMITS: [RegExp, number][] = [
  [/^dashboard\/(clients\/import|upload\/file|files\/insert)$/, FILES],
  [/^webapp\/config\/logo\/update$/, FILES],
  [/^(dashboard\/clients\/(find-many|search)|webapp\/users\/(find-many-by-clients|send-email)|dashboard\/cron_mail\/insert)$/, BULK],
  [/^webapp\/(pages|animations|lists|modules|categories)\//, CONTENT],
  [/^dashboard\/(emails|config)\//, CONTENT],
];

/** The body limit of a call (multipart uploads have their own, @fastify/multipart's file size). */
export function bodyLimitOf(def: Pick<CallDef, 'path'>): number {
  return LIMITS.find(([re]) => re.test(def.path))?.[1] ?? DEFAULT_BODY_LIMIT;
}

/**
 * The largest depth of a JSON text, stopping as soon as it passes `max`: one linear pass over the
 * characters, strings skipped (a bracket inside a string does not count). JSON.parse of '[[[…' several
 * megabytes deep, and then walking it, held the event loop for seconds.
 */
export function deeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // to the closing quote, over escaped characters
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

export interface BodyTimeout {
  /** time every body gets, whatever its size */
  baseMs: number;
  /** the slowest sending rate allowed beyond it: a 12 MB import at 32 KB/s has 6 more minutes */
  bytesPerSecond: number;
}
export const BODY_TIMEOUT: BodyTimeout = { baseMs: 30_000, bytesPerSecond: 32 * KB };

/** The French answer of a body that did not arrive in time. */
export const BODY_TIMEOUT_MESSAGE = "La requête n'est pas arrivée à temps : vérifiez la connexion et réessayez.";

/**
 * The JSON parser (Fastify's own, with its __proto__ and constructor checks) behind a depth check, and
 * a deadline for reading each body. Registered once per server, before the routes.
 */
export function registerBodyParsing(app: FastifyInstance, timeout: BodyTimeout = BODY_TIMEOUT) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    // +1: the walk of input.ts counts the outermost value as depth 0
    if (deeperThan(String(body), MAX_DEPTH + 1)) return done(badRequest(CORE.badRequest, { _: CORE.badRequest }), undefined);
    return parseJson(req, body as string, done);
  });

  app.addHook('preParsing', async (req, reply, payload) => {
    if (!hasBody(req) || isMultipart(req)) return payload;
    const length = Number(req.headers['content-length']);
    const bytes = Number.isFinite(length) ? length : req.routeOptions.bodyLimit;
    const ms = timeout.baseMs + (bytes / timeout.bytesPerSecond) * 1000;
    // the parser reads this stream; ending it with an error (not the socket) lets the 408 be answered
    const body = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(body);
      body.destroy(new HttpError(408, BODY_TIMEOUT_MESSAGE));
    }, ms);
    const stop = () => clearTimeout(timer);
    body.on('close', stop);
    // answered without reading the body (a content type no parser takes): no deadline left to keep
    reply.raw.on('close', stop);
    // the parser listens for errors while it reads; one that comes when nobody reads is not a crash
    body.on('error', () => {});
    payload.on('error', (err) => body.destroy(err));
    payload.pipe(body);
    return body;
  });
}

const hasBody = (req: FastifyRequest) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
const isMultipart = (req: FastifyRequest) => /^multipart\//i.test(req.headers['content-type'] ?? '');
