import { M } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { HttpError } from '../../http/errors';
import * as repo from './users.repository';

const WINDOW = 15 * 60;
/** per identifier and address: the one guessing is stopped, the account's owner elsewhere is not */
export const MAX_PER_PAIR = 10;
/** per address, whatever the identifier: one address trying many accounts */
export const MAX_PER_ADDRESS = 50;

/**
 * One password attempt (staff or guest sign-in), counted before the password is checked: the attempt
 * is written and counted in one transaction in which the address's attempts take turns, so that of any
 * number of parallel requests exactly the limit get a check (the k-th counts k). 429 past the limit; a success clears
 * the pair's attempts. `key` names the account (a guest's is prefixed), `ip` the client as
 * TRUST_PROXY lets the server see it.
 */
export async function throttled<T>(deps: Deps, key: string, ip: string, check: () => Promise<T | false>): Promise<T | false> {
  const now = deps.now();
  const seen = await repo.recordAttempt(deps.db, key, ip, now, now - WINDOW);
  if (seen.pair > MAX_PER_PAIR || seen.address > MAX_PER_ADDRESS) throw new HttpError(429, M.tooManyAttempts);
  const result = await check();
  if (result !== false) await repo.clearAttempts(deps.db, key, ip);
  return result;
}
