import { fold } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { depositCloseJob, depositMailJob, depositRequestJob, depositSettleJob } from './deposits.jobs';
import { ymd } from './deposits.run';
import { getDepositSettings, leadDays } from './deposits.settings';
import { lockEntry, setEntry } from '../../platform/settings/settings.repository';
import * as repo from './deposits.repository';

// What the deposits do when a stay goes or changes under them (docs/deposits.md 'A stay that goes or
// moves'). Called by other modules inside their own transaction (clients/erase.service.ts, the imports): the
// provider request is closed by a job queued in that transaction (deposits.close), so that nothing is lost
// while Swikly is down (it is retried), and nothing is asked of Swikly when the change rolls back.

type Row = { id: string; reference: string | null; email: string };

/** A row's request may exist at the provider: it has its reference, or it was asked (the row has an address). */
const mayExist = (r: Row) => r.reference !== null || r.email !== '';

async function close(deps: Deps, tx: Tx, rows: Row[]) {
  for (const r of rows) {
    // the queued request and mail of this deposit go (one already running is caught by the row's absence)
    await depositRequestJob.cancel(deps, { deposit: r.id }, tx);
    await depositMailJob.cancel(deps, { deposit: r.id }, tx);
    await depositSettleJob.cancel(deps, { deposit: r.id }, tx);
    if (mayExist(r)) await depositCloseJob.enqueue(deps, { deposit: r.id, reference: r.reference }, { tx });
  }
}

/**
 * A client erased (GDPR): the deposits of their stays go with the stays (by cascade, after this call). Their
 * requests at the provider are closed: one the guest has not answered is cancelled, and one they accepted
 * and that was not settled yet is released (the hold on their card must not outlive them). Refused,
 * expired, released or claimed ones are closed already.
 */
export async function forgetDepositsOf(deps: Deps, tx: Tx, stayNumbers: string[]): Promise<void> {
  if (!stayNumbers.length) return;
  const rows = await repo.lockDepositsOfStays(tx, stayNumbers);
  // a release or claim still pending at Swikly counts as not settled: the close releases it (its job then finds no row)
  await close(deps, tx, rows.filter((r) => (!r.settlement || r.settleState === 'pending') && (r.status === '' || r.status === 'OK')));
}

/**
 * Stays written by an import or a room-list update: a deposit the guest has not answered whose stay no
 * longer asks for one (its type, now of a category marked Non), or whose days differ from those of its
 * request (arrival or departure moved to another day, in the establishment's zone), is dropped and its
 * request cancelled; the scan then makes a new one for the new days when the stay is due. Answers how many.
 * An accepted deposit stays as it is (the guest gave it; staff release it after the departure inventory).
 */
export async function recheckDepositsOf(deps: Deps, tx: Tx, stayNumbers: string[]): Promise<number> {
  if (!stayNumbers.length) return 0;
  const open = await repo.lockOpenDepositsOfStays(tx, [...new Set(stayNumbers)]);
  if (!open.length) return 0;
  // the types that ask for a deposit, keyed as the scan keys them
  const types = await repo.depositTypes(tx);
  const keys = new Set(types.flatMap((t) => [t.name, ...t.categories]).map((n) => fold(n.trim())));
  const tz = deps.env.TIME_ZONE;
  const moved = (asked: number | null, now: number) => asked !== null && ymd(asked, tz) !== ymd(now, tz);
  const required = (r: repo.OpenDeposit) => r.category_key !== null && keys.has(r.category_key);
  const stale = open.filter((r) => !required(r) || moved(r.arrival, r.stay_arrival) || moved(r.departure, r.stay_departure));
  if (!stale.length) return 0;
  await close(deps, tx, stale);
  await repo.deleteDeposits(tx, stale.map((r) => r.id));
  return stale.length;
}

/**
 * 'From now on only' (issue 32), chosen when a type is switched to Oui: the stays known now and arriving
 * within the lead time are never asked automatically (as the settings' save with `from_now` does; the
 * furthest arrival left out before is kept).
 */
export async function leaveOutDueNow(deps: Deps, tx: Tx): Promise<void> {
  await lockEntry(tx, 'deposit');
  const config = await getDepositSettings(tx);
  const now = deps.now();
  const arrivalUntil = Math.max(config.onlyNew?.arrivalUntil ?? 0, now + leadDays(config) * 86400);
  await setEntry(tx, 'deposit', { ...config, onlyNew: { createdBefore: now, arrivalUntil } });
}
