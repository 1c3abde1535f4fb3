import type { ParsedBody, Stay, StayRow, stays as stayCalls } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { staysOfClients } from '../clients/public';
import * as repo from './stays.repository';

/** A page of stays with its capped count (`total` up to 1 000, `more` beyond). */
export async function listStays(deps: Deps, q: repo.StayPageQuery) {
  const page = await repo.stayPage(deps.db, q, deps.now());
  return { rows: page.rows, total: page.total, more: page.more, page: q.page, per_page: q.per_page };
}

/** The spec's search: the list's filters in a body (date bounds may be null). */
export const searchStays = (deps: Deps, body: ParsedBody<typeof stayCalls.search>) => listStays(deps, body);

/** The exact number of stays for the list's filters: the screen asks for it when a page says `more`. */
export async function countStays(deps: Deps, f: repo.StayFilters) {
  return { total: await repo.stayCount(deps.db, f, deps.now()) };
}

export async function findStay(deps: Deps, stayNumber: string): Promise<StayRow | false> {
  return (await repo.findStay(deps.db, stayNumber)) ?? false;
}

export const staysOfClient = (deps: Deps, clientNumber: string): Promise<Stay[]> => staysOfClients(deps.db, [clientNumber]);
