import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { lookupStatement } from '../db/rows';
import { sessions, webappUsers } from '../db/schema';
import type { Deps } from './deps';
import { hashToken, WEBAPP_COOKIE } from './session';

/**
 * Guest sessions: cookie session-webapp, HttpOnly, SameSite=Lax (an e-mailed link opened from a mail
 * client is a cross-site navigation: with Strict the guest would land signed out). Only activated
 * accounts hold a session. A guest token is never a staff token: sessions carry their kind.
 */
export function setGuestCookie(reply: FastifyReply, token: string, days: number) {
  reply.setCookie(WEBAPP_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: days * 86400 });
}

export const guestTokenOf = (req: FastifyRequest): string | undefined => req.cookies[WEBAPP_COOKIE];

/** The guest session lookup, built once per database as the staff one is (http/session.ts). */
const lookups = new WeakMap<Tx, ReturnType<typeof prepareLookup>>();
const prepareLookup = (db: Tx) =>
  lookupStatement(
    db
      .select({ id: webappUsers.id })
      .from(sessions)
      .innerJoin(webappUsers, eq(webappUsers.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('hash')),
          eq(sessions.kind, 'webapp'),
          gt(sessions.expiresAt, sql.placeholder('now')),
          eq(webappUsers.activate, true),
        ),
      )
      .limit(1)
      .prepare('guest_session'),
  );

async function guestIdOfToken(deps: Deps, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  let lookup = lookups.get(deps.db);
  if (!lookup) lookups.set(deps.db, (lookup = prepareLookup(deps.db)));
  const rows = await lookup.execute({ hash: hashToken(token), now: deps.now() });
  return rows[0]?.id ?? null;
}

const cache = new WeakMap<FastifyRequest, Promise<string | null>>();

/** The signed-in guest's account id of this request, or null. */
export function guestIdOf(deps: Deps, req: FastifyRequest): Promise<string | null> {
  let found = cache.get(req);
  if (!found) {
    found = guestIdOfToken(deps, guestTokenOf(req));
    cache.set(req, found);
  }
  return found;
}
