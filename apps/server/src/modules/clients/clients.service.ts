import type { ClientCard, ParsedBody, ParsedQuery, clients as clientCalls } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import * as repo from './clients.repository';
import { roomlistParticipants } from './roomlist.repository';

/** A page of client cards: the page's files in one query, their stays and users in two more. */
async function clientCards(deps: Deps, q: repo.ClientPageQuery, now: number) {
  const page = await repo.clientPage(deps.db, q, now);
  return { rows: await repo.toCards(deps.db, page.rows), total: page.total, more: page.more, page: q.page, per_page: q.per_page };
}

/**
 * The client list's page, kept until a file, stay, guest account or device changes, and for 'on site' until
 * the next arrival or end of a stay's last day: the reception opens the same lists again and again
 * (docs/performance.md, 'Clients on site: the list kept until the people change').
 */
export function listClients(deps: Deps, q: repo.ClientPageQuery) {
  const now = deps.now();
  return deps.cache.peopleList(`clients:${JSON.stringify(q)}`, now, async () => ({
    value: await clientCards(deps, q, now),
    until: q.on_site ? await repo.nextOnSiteChange(deps.db, now) : Infinity,
  }));
}

/** The spec's search body, as filters of the list (`after`/`before` bound the arrival of a stay). */
export function searchClients(deps: Deps, body: ParsedBody<typeof clientCalls.search>) {
  const { client_ids, after, before, ...rest } = body;
  return clientCards(
    deps,
    {
      ...rest,
      clients: client_ids,
      after_arrival: after,
      before_arrival: before,
      location: undefined,
      stays: undefined,
      users: undefined,
      on_site: false,
      after_departure: undefined,
      before_departure: undefined,
      after_update: undefined,
      before_update: undefined,
    },
    deps.now(),
  );
}

export async function findClient(deps: Deps, clientNumber: string): Promise<ClientCard | false> {
  const found = await repo.findClient(deps.db, clientNumber);
  return found ? (await repo.toCards(deps.db, [found]))[0] : false;
}

/** Select across pages: at most this many numbers (a selection is carried to the e-mail screen). */
export const MAX_SELECTION = 100_000;

export const clientNumbers = (deps: Deps, f: repo.ClientFilters) => repo.clientNumbers(deps.db, f, deps.now(), MAX_SELECTION);
export const clientCounts = (deps: Deps, f: repo.ClientFilters) => repo.clientCounts(deps.db, f, deps.now());

/** The koban room-list modal: every participant of the stays, whether they have the app and since when. */
export async function roomlist(deps: Deps, q: ParsedQuery<typeof clientCalls.roomlist>) {
  const rows = await roomlistParticipants(deps.db, q.sort, q.order);
  return { rows, total: rows.length };
}
