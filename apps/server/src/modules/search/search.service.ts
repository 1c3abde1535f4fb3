import { SEARCH_LIMIT, type SearchClient, type SearchStay } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { findClients, findStays } from './search.repository';

/**
 * The top bar's search (issue 33): the stays of the clients found first (on site, coming, gone), then the
 * clients without a stay; SEARCH_LIMIT results in all.
 */
export async function searchPeople(deps: Deps, text: string): Promise<{ stays: SearchStay[]; clients: SearchClient[] }> {
  const now = deps.now();
  const clients = await findClients(deps.db, text, now, SEARCH_LIMIT);
  const stays = await findStays(deps.db, text, clients.filter((c) => c.stays).map((c) => c.client_number), now, SEARCH_LIMIT);
  const alone = clients.filter((c) => !c.stays).slice(0, SEARCH_LIMIT - stays.length);
  return { stays, clients: alone.map(({ client_number, firstname, lastname, email }) => ({ client_number, firstname, lastname, email })) };
}
