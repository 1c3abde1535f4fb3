import type { DashboardUser, Deposit, TodayDeposit } from '@campsite/shared';
import { DEPOSITS, centsToEuros, isLang } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { typesByCategory } from '../accommodations/public';
import { countMail, refuse, requestNow } from './deposit-actions.service';
import { depositRequestJob } from './deposits.jobs';
import { getDepositSettings, isReady } from './deposits.settings';
import * as repo from './deposits.repository';

// The deposits at the front desk (issue 33, docs/today.md): each stay's deposit at a glance on the to-do
// list, and the request made from there, with or without a deposit row yet.

/** A stay as the to-do list asks about it: its number and whether its accommodation asks a deposit. */
export interface DeskStay {
  stay_number: string;
  asks: boolean;
}

function stateOf(row: Awaited<ReturnType<typeof repo.depositsOfStays>>[number]): TodayDeposit['state'] {
  if (row.status === 'OK') return row.settlement ? (row.settle_state === 'pending' ? 'settling' : 'settled') : 'made';
  // '' with a request made, or its job on its way (no reason yet): the guest has it or will
  if (row.status === '' && (row.reference || row.error === null)) return 'requested';
  // not sent (its reason), refused, cancelled, expired: staff ask again
  return 'to_request';
}

/**
 * The deposit of each of these stays, read in one statement: its row's state, else 'to_request' when its
 * accommodation asks one and deposits are on (booked after the scan's window, left out by 'from now on
 * only', an arrival the scan never takes), else 'none'.
 */
export async function depositStates(db: Tx, stays: DeskStay[]): Promise<Map<string, TodayDeposit>> {
  const out = new Map<string, TodayDeposit>();
  if (!stays.length) return out;
  const [config, rows] = await Promise.all([getDepositSettings(db), repo.depositsOfStays(db, stays.map((s) => s.stay_number))]);
  const byStay = new Map(rows.map((r) => [r.stay_number, r]));
  const on = isReady(config);
  for (const s of stays) {
    const row = byStay.get(s.stay_number);
    if (row) out.set(s.stay_number, { state: stateOf(row), id: row.id, amount: centsToEuros(row.amount), error: row.error });
    else out.set(s.stay_number, { state: on && s.asks ? 'to_request' : 'none', id: null, amount: null, error: null });
  }
  return out;
}

/**
 * The stay's request made now, from the to-do list: as 'Demander maintenant' when the stay has a deposit;
 * otherwise its deposit is made here, in the same transaction as its request job, when its accommodation
 * asks one. Two clicks at once make one (the unique stay number: the second is refused). False: no such stay.
 */
export async function requestStay(deps: Deps, user: DashboardUser, stayNumber: string): Promise<Deposit | false> {
  const existing = await repo.depositOfStay(deps.db, stayNumber);
  if (existing) return requestNow(deps, user, existing.id);
  const doc = await deps.db.transaction(async (tx) => {
    const contact = await repo.stayContact(tx, stayNumber);
    if (!contact) return false as const;
    const config = await getDepositSettings(tx);
    if (!isReady(config)) throw refuse(DEPOSITS.notConfigured);
    const [category, typeOf] = await Promise.all([repo.stayCategory(tx, stayNumber), typesByCategory(tx)]);
    if (!typeOf(category)?.deposit) throw refuse(DEPOSITS.noDepositAsked);
    const now = deps.now();
    // on site until the end of the departure day (docs/people.md 'On site')
    if (contact.departure + 86400 <= now) throw refuse(DEPOSITS.stayOver);
    if (!contact.email) throw refuse(DEPOSITS.noEmailFix);
    await countMail(deps, tx, user, contact.email);
    const id = await repo.insertDeposit(tx, {
      id: newId(),
      stayNumber,
      amount: config.amount,
      firstname: contact.firstname,
      lastname: contact.lastname,
      email: contact.email,
      lang: isLang(contact.lang) ? contact.lang : 'fr',
      arrival: contact.arrival,
      departure: contact.departure,
      error: null,
      createdTime: now,
      editedTime: now,
    });
    // another request was made meanwhile (a second click, the scan)
    if (!id) throw refuse(DEPOSITS.cannotRequest);
    await depositRequestJob.enqueue(deps, { deposit: id, manual: true }, { tx });
    return (await repo.depositDocOf(tx, id)) ?? (false as const);
  });
  if (doc) deps.jobs.poke();
  return doc;
}

/** The stay's deposit as its detail answers it (the stay's page), undefined when none was made. */
export async function depositOfStayDoc(db: Tx, stayNumber: string): Promise<Deposit | undefined> {
  const row = await repo.depositOfStay(db, stayNumber);
  return row ? repo.depositDocOf(db, row.id) : undefined;
}
