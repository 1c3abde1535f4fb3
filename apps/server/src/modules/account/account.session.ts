import { and, eq, gt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessions, webappUsers } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { hashToken, WEBAPP_COOKIE } from '../../http/session';

/**
 * Guest sessions: cookie session-webapp, HttpOnly, SameSite=Lax (an e-mailed link opened from a mail
 * client is a cross-site navigation: with Strict the guest would land signed out). Only activated
 * accounts hold a session. A guest token is never a staff token: sessions carry their kind.
 */
export function setGuestCookie(reply: FastifyReply, token: string, days: number) {
  reply.setCookie(WEBAPP_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: days * 86400 });
}

export const guestTokenOf = (req: FastifyRequest): string | undefined => req.cookies[WEBAPP_COOKIE];

async function guestIdOfToken(deps: Deps, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const rows = await deps.db
    .select({ id: webappUsers.id })
    .from(sessions)
    .innerJoin(webappUsers, eq(webappUsers.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.kind, 'webapp'), gt(sessions.expiresAt, deps.now()), eq(webappUsers.activate, true)))
    .limit(1);
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
