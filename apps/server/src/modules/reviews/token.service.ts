import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../http/deps';
import * as invitations from './invitations.repository';
import * as repo from './reviews.repository';

/** An invitation's link works this long after it fell due. */
export const LINK_SECONDS = 30 * 86400;

/**
 * The invitation's id and an HMAC of it and its end, keyed by the area's secret (review_settings, made
 * once by the first instance, as the VAPID keys are): the link cannot be made for another invitation nor
 * made to last longer, and the same invitation always gets the same link (a mail sent again by a retried
 * job carries a link that still works). Only what the row says is trusted: the token names, it grants nothing else.
 */
const sign = (secret: string, id: string, expiresAt: number) => createHmac('sha256', secret).update(`review:${id}:${expiresAt}`).digest('base64url').slice(0, 32);

export async function tokenOf(deps: Deps, inv: { id: string; expiresAt: number }) {
  const { secret } = await repo.readSettings(deps.db);
  return `${inv.id}.${sign(secret, inv.id, inv.expiresAt)}`;
}

/** The invitation a link's token names, with its questionnaire; null for a token we did not make. */
export async function invitationOfToken(deps: Deps, token: string) {
  const m = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const found = await invitations.findInvitation(deps.db, m[1]);
  if (!found) return null;
  const { secret } = await repo.readSettings(deps.db);
  const expected = Buffer.from(sign(secret, found.invitation.id, found.invitation.expiresAt));
  return timingSafeEqual(expected, Buffer.from(m[2])) ? found : null;
}
