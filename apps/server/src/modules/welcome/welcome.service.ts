import type { DashboardUser } from '@campsite/shared';
import { WELCOME } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { createSession, endOtherSessions, hashToken, newToken } from '../../http/session';
import { mailFailure } from '../../integrations/mailer';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/passwords';
import { insertEntry } from '../../platform/audit/audit.repository';
import { throttled } from '../../platform/throttle/sign-in';
import { renderWelcome } from './welcome.mail';
import * as repo from './welcome.repository';

/** How long the e-mailed link serves. */
export const LINK_DAYS = 7;
/** The dashboard's screen the link opens; the token travels in the fragment, never sent to a server's log. */
export const SCREEN_PATH = '/mot-de-passe';
/**
 * The throttle's identifier: every link of the site counts as one account, so that guessing tokens meets
 * the sign-in's limits (10 per address, 50 per address in all, then the growing delay) whatever is tried.
 */
const THROTTLE_KEY = 'welcome:link';

export type LinkError = 'unknown' | 'used' | 'expired';
/** What the operator is told of the e-mail: sent, or why not (French). */
export interface WelcomeOutcome {
  sent: boolean;
  text: string;
}

/**
 * Gives the new site's super account `login` the manager's address and a link to choose its password (its
 * token's SHA-256 only kept, in one transaction), and renders the e-mail. Answers the send, to be called
 * once the site exists (its row in the control database): a site whose creation fails never mails.
 */
export async function prepareWelcome(deps: Deps, m: { email: string; login: string; dashboardUrl: string }): Promise<() => Promise<WelcomeOutcome>> {
  const now = deps.now();
  const token = newToken();
  await deps.db.transaction(async (tx) => {
    const account = await repo.superByUsername(tx, m.login);
    if (!account) throw new Error(`the new site has no account ${m.login}`);
    await repo.setEmail(tx, account.id, m.email, now);
    await repo.insertLink(tx, { tokenHash: hashToken(token), userId: account.id, createdAt: now, expiresAt: now + LINK_DAYS * 86400 });
  });
  const mail = await renderWelcome(deps, { to: m.email, login: m.login, dashboardUrl: m.dashboardUrl, link: `${m.dashboardUrl}${SCREEN_PATH}#${token}` });
  return async () => {
    try {
      await deps.mailer.send(mail);
      return { sent: true, text: WELCOME.mailSent(m.email) };
    } catch (err) {
      return { sent: false, text: WELCOME.mailFailed(m.email, mailFailure(err).reason) };
    }
  };
}

/** Why a link does not serve now, or its account's identifier. */
async function linkState(deps: Deps, token: string): Promise<{ error: LinkError } | { userId: string; login: string }> {
  const link = await repo.findLink(deps.db, hashToken(token));
  if (!link) return { error: 'unknown' };
  if (link.usedAt !== null) return { error: 'used' };
  if (link.expiresAt <= deps.now()) return { error: 'expired' };
  return { userId: link.userId, login: link.username };
}

/** A link read through the sign-in's throttle: a link that does not serve counts as a wrong password. */
async function throttledLink(deps: Deps, token: string, ip: string) {
  let refusal: { error: LinkError } | undefined;
  const found = await throttled(deps, THROTTLE_KEY, ip, async () => {
    const state = await linkState(deps, token);
    if ('error' in state) {
      refusal = state;
      return false;
    }
    return state;
  });
  return found === false ? refusal! : found;
}

export async function checkLink(deps: Deps, token: string, ip: string) {
  const state = await throttledLink(deps, token, ip);
  return 'error' in state ? state : { login: state.login };
}

/**
 * Sets the password of the link's account and takes the link, in one transaction (with the audit row: the
 * owner set it); every other session of the account ends. Answers the account and its new session's token.
 * The link is checked (through the throttle) before the password is hashed.
 */
export async function choosePassword(deps: Deps, token: string, password: string, ip: string): Promise<{ error: LinkError } | { user: DashboardUser; session: string }> {
  const state = await throttledLink(deps, token, ip);
  if ('error' in state) return state;
  const passwordHash = await hashPassword(password);
  const user = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    // a second request with the same link, a moment later, finds it used here
    const userId = await repo.takeLink(tx, hashToken(token), now);
    if (!userId) return null;
    const updated = await repo.setPassword(tx, userId, passwordHash, now);
    if (!updated) return null;
    await endOtherSessions(tx, userId);
    await insertEntry(tx, { id: newId(), time: now, actorId: userId, actorUsername: updated.username, targetId: userId, targetUsername: updated.username, changes: ['password'], detail: {} });
    return updated;
  });
  if (!user) return { error: 'used' as const };
  return { user, session: await createSession(deps, 'dashboard', user._id) };
}
