import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DashboardUser } from '@campsite/shared';
import type { Tx } from '../db/client';
import { lookupStatement } from '../db/rows';
import { dashboardUsers, sessions } from '../db/schema';
import type { Deps } from './deps';
import { toDashboardUser, userColumns } from '../db/staff-users';

export const DASHBOARD_COOKIE = 'session-dashboard';
export const WEBAPP_COOKIE = 'session-webapp';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(deps: Deps, kind: 'dashboard' | 'webapp', userId: string): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await deps.db.insert(sessions).values({
    tokenHash: hashToken(token),
    kind,
    userId,
    createdTime: now,
    expiresAt: now + deps.env.SESSION_DAYS * 86400,
  });
  return token;
}

export function setSessionCookie(reply: FastifyReply, name: string, token: string, days: number) {
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    maxAge: days * 86400,
  });
}

/**
 * The session lookup of every staff request, built once per database: drizzle builds a query in about as
 * much time as PostgreSQL takes to answer this one, and a named statement is parsed once per connection.
 */
const lookups = new WeakMap<Tx, ReturnType<typeof prepareLookup>>();
const prepareLookup = (db: Tx) =>
  lookupStatement(
    db
      .select(userColumns)
      .from(sessions)
      .innerJoin(dashboardUsers, eq(dashboardUsers.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), eq(sessions.kind, 'dashboard'), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('dashboard_session'),
  );

/** The staff member of a token, or null: one query joining the session and its user. */
export async function dashboardUserOfToken(deps: Deps, token: string | undefined): Promise<DashboardUser | null> {
  if (!token || token.length > 200) return null;
  let lookup = lookups.get(deps.db);
  if (!lookup) lookups.set(deps.db, (lookup = prepareLookup(deps.db)));
  const rows = await lookup.execute({ hash: hashToken(token), now: deps.now() });
  return rows[0] ? toDashboardUser(rows[0]) : null;
}

const cache = new WeakMap<FastifyRequest, Promise<DashboardUser | null>>();

/**
 * The staff token of this request: the HttpOnly cookie, or a Bearer token for API clients. Never a
 * query string (it would end up in access logs, browser history and Referer headers).
 */
export function dashboardTokenOf(req: FastifyRequest): string | undefined {
  return req.cookies[DASHBOARD_COOKIE] ?? req.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
}

/** The signed-in staff member of this request. */
export function dashboardUserOf(deps: Deps, req: FastifyRequest): Promise<DashboardUser | null> {
  let found = cache.get(req);
  if (!found) {
    found = dashboardUserOfToken(deps, dashboardTokenOf(req));
    cache.set(req, found);
  }
  return found;
}

export async function endSession(deps: Deps, token: string | undefined) {
  if (token) await deps.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a staff account but the one given (the session making the change, if theirs). */
export async function endOtherSessions(tx: Tx, userId: string, keepToken?: string) {
  const ofUser = and(eq(sessions.kind, 'dashboard'), eq(sessions.userId, userId));
  await tx.delete(sessions).where(keepToken ? and(ofUser, ne(sessions.tokenHash, hashToken(keepToken))) : ofUser);
}

/** The answer to a state-changing request with a session cookie sent from a page of another origin. */
export const CROSS_ORIGIN_REFUSED = "Requête refusée : elle ne vient pas d'une page de cette application.";

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const sessionCookie = (names: string[]) => new RegExp(`(?:^|;)\\s*(?:${names.join('|')})=`);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * A request that changes something, carries a session cookie (staff or guest) and says it comes from a
 * page (`Origin`, else `Referer`) of another origin than this server's is refused with a 403, whatever
 * its route or body (JSON or multipart). SameSite=Strict alone does not cover it: the guest app, on its
 * own port, is the same site as the dashboard. This server's origin is the one the request was addressed
 * to: its Host (X-Forwarded-Host and the protocol only from the proxies TRUST_PROXY names), so both ports
 * and a reverse proxy are covered without configuration. `cookies`: the session cookies that count (the
 * operator console's server passes its own). Requests without either header (API clients
 * with a Bearer token, curl, scripts) carry no page's intent and are not concerned.
 */
export function registerOriginCheck(app: FastifyInstance, cookies = [DASHBOARD_COOKIE, WEBAPP_COOKIE]) {
  const SESSION_COOKIE = sessionCookie(cookies);
  app.addHook('onRequest', async (req, reply) => {
    if (!STATE_CHANGING.has(req.method)) return;
    if (!SESSION_COOKIE.test(req.headers.cookie ?? '')) return;
    const origin = req.headers.origin;
    const referer = req.headers.referer;
    if (origin === undefined && referer === undefined) return;
    const from = origin !== undefined ? originOf(origin) : originOf(referer as string);
    const own = req.host ? originOf(`${req.protocol}://${req.host}`) : null;
    if (from !== null && from !== 'null' && from === own) return;
    return reply.status(403).send({ statusCode: 403, code: 'FORBIDDEN', message: CROSS_ORIGIN_REFUSED, fields: {} });
  });
}

/**
 * HSTS where HTTPS serves (the server's own, or a trusted proxy's X-Forwarded-Proto): a browser remembers it
 * a year, and a campsite trying the server over plain HTTP first must not be held to it (helmet's own is off).
 */
/** HTTPS only from now on, for a year: sent over HTTPS (here and by the kept answers, kept-answers.ts). */
export const HSTS = ['strict-transport-security', 'max-age=31536000'] as const;

export function registerHsts(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    if (req.protocol === 'https') reply.header(...HSTS);
    done();
  });
}
