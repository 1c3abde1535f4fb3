import type { ParsedBody, WebappUser, webappUsers as userCalls } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { resendActivation } from '../account/public';
import * as repo from './webapp-users.repository';

/** A page of guest users with its capped count (`total` up to 1 000, `more` beyond). */
export async function listUsers(deps: Deps, q: repo.WebappUserPageQuery) {
  const page = await repo.userPage(deps.db, q);
  return { rows: page.rows, total: page.total, more: page.more, page: q.page, per_page: q.per_page };
}

export const searchUsers = (deps: Deps, body: ParsedBody<typeof userCalls.search>) => listUsers(deps, body);

/** The exact number of guest users for the list's filters: the screen asks for it when a page says `more`. */
export async function countUsers(deps: Deps, f: repo.WebappUserFilters) {
  return { total: await repo.userCount(deps.db, f) };
}

export async function findUser(deps: Deps, id: string): Promise<WebappUser | false> {
  return (await repo.findUser(deps.db, id)) ?? false;
}

export const usersOfClient = (deps: Deps, clientNumber: string) => repo.usersWhereIn(deps.db, 'client_number', [clientNumber]);
export const usersOfStay = (deps: Deps, stayNumber: string) => repo.usersWhereIn(deps.db, 'stay_number', [stayNumber]);
export const usersOfClients = (deps: Deps, clientNumbers: string[]) => repo.usersWhereIn(deps.db, 'client_number', clientNumbers);

/**
 * The activation link sent again (to an account not yet activated, within the resend limit). A mail server
 * that refuses or cannot be reached is the spec's false ('Impossible d'envoyer le mail d'activation'); `warn`
 * keeps its reason in the log.
 */
export async function sendActivation(deps: Deps, email: string, warn: (err: unknown) => void): Promise<boolean> {
  try {
    return await resendActivation(deps, email);
  } catch (err) {
    warn(err);
    return false;
  }
}
