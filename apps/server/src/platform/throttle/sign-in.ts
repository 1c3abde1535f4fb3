import { CORE } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { tooMany } from '../../http/errors';
import * as repo from './throttle.repository';

const WINDOW = 15 * 60;
/** per identifier and address: the one guessing is stopped, the account's owner elsewhere is not */
export const MAX_PER_PAIR = 10;
/** per address, whatever the identifier: one address trying many accounts */
export const MAX_PER_ADDRESS = 50;
/**
 * Per account, whatever the address: the wrong passwords tried on one identifier in the last hour from
 * addresses that never signed in to it. Past ACCOUNT_FREE of them, each further try waits 2, 4, 8 …
 * seconds after the last (at most ACCOUNT_MAX_DELAY): 10 addresses that had 100 guesses in 5 s get 22,
 * and any number of addresses about 26 an hour. Twice the pair's limit, so that one address using up its
 * own limit slows nobody down.
 */
export const ACCOUNT_WINDOW = 3600;
export const ACCOUNT_FREE = 20;
export const ACCOUNT_MAX_DELAY = 300;
/** addresses an account signed in from are remembered this long */
export const KNOWN_FOR = 90 * 86400;

/** The wait after the last failure before the next try on an account with `failures` (0: none). */
export const accountDelay = (failures: number) => (failures < ACCOUNT_FREE ? 0 : Math.min(2 ** (failures - ACCOUNT_FREE + 1), ACCOUNT_MAX_DELAY));

/** The identifier as the throttle counts it: one account is not several by case or by Unicode form. */
const fold = (key: string) => key.normalize('NFKC').toLowerCase();

/**
 * One password attempt (staff or guest sign-in), counted before the password is checked: the attempt is
 * written and counted in one transaction in which the address's and the account's attempts take turns,
 * so that of any number of parallel requests exactly the limits get a check (the k-th counts k).
 * - 429 past 10 attempts per identifier and address, or 50 per address, in 15 minutes;
 * - 429 saying when to retry while the account's delay runs (see ACCOUNT_FREE). The delay never applies
 *   from an address that signed in to this account before: a stranger slows guessing down for everyone
 *   else but cannot lock the owner out where they usually sign in, nor anywhere for more than 5 minutes
 *   after the stranger's last try.
 * A success clears the pair's attempts and remembers the address. `key` names the account (a guest's is
 * prefixed), `ip` the client as TRUST_PROXY lets the server see it. `deps.db` may be the control database's
 * (the operators' sign-in: its migration 0010 holds the same tables).
 */
export async function throttled<T>(deps: Pick<Deps, 'db' | 'now'>, key: string, ip: string, check: () => Promise<T | false>): Promise<T | false> {
  const now = deps.now();
  const login = fold(key);
  const verdict = await repo.recordAttempt(deps.db, { login, ip, time: now, since: now - WINDOW, accountSince: now - ACCOUNT_WINDOW }, (c) => {
    // the window's length, as the sentence says (the oldest attempt may leave it sooner)
    if (c.pair > MAX_PER_PAIR || c.address > MAX_PER_ADDRESS) return { checked: false, refusal: CORE.tooManyAttempts, wait: WINDOW };
    const wait = c.known ? 0 : accountDelay(c.accountFailures);
    const at = (c.lastFailure ?? 0) + wait;
    if (wait > 0 && now < at) return { checked: false, refusal: CORE.accountSlowedDown(at - now), wait: at - now };
    return { checked: true, refusal: null, wait: 0 };
  });
  if (verdict.refusal) throw tooMany(verdict.refusal, verdict.wait);
  const result = await check();
  if (result !== false) await repo.recordSuccess(deps.db, login, ip, now);
  return result;
}

/** Longest window of the guest account throttles (modules/account/account.throttle.ts). */
export const HITS_KEPT = 86400;

/** The attempts and throttle rows past their windows go (every hour: users.jobs.ts), so the tables do not grow for ever. */
export async function purgeThrottles(deps: Deps) {
  const now = deps.now();
  await repo.purge(deps.db, { attempts: now - Math.max(WINDOW, ACCOUNT_WINDOW), hits: now - HITS_KEPT, known: now - KNOWN_FOR });
}
