import type { Deposit, DepositConfig, DepositPreview, GuestDeposit, ParsedBody, ParsedQuery, StayDeposit } from '@campsite/shared';
import { DEPOSITS, deposits as calls, eurosToCents, formatEuros } from '@campsite/shared';
import type { DashboardUser } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { badRequest } from '../../http/errors';
import { checkRevision } from '../../http/revision';
import { getDepositSettings, depositConfigDoc, isReady, leadDays, type StoredDepositConfig } from './deposits.settings';
import { dueWindow } from './deposits.run';
import { lockEntry, setEntry } from '../../platform/settings/settings.repository';
import { staffReader, stayDocs } from '../inventories/public';
import { depositScanNowJob, depositSettleJob } from './deposits.jobs';
import * as repo from './deposits.repository';
import { findGuest } from '../../platform/people/guests.repository';
import { stayWithClient } from '../../platform/people/clients.repository';

const DAY = 86400;

// Deposits (issue 25): the settings, the list, and what staff do after the departure inventory. The flow
// that makes the requests is the jobs' (deposits.jobs.ts); the provider's callback is deposits-callback.routes.ts.

export async function readConfig(deps: Deps): Promise<DepositConfig> {
  return depositConfigDoc(await getDepositSettings(deps.db), deps.env);
}

/**
 * Saves the settings; an empty key keeps the stored one. Then the due stays are scanned at once, unless
 * staff chose 'from now on only' (issue 32): the stays due now (those `preview` counted) are left out for
 * good, the later bookings and the arrivals further than today's lead time are asked when due.
 */
export async function updateConfig(deps: Deps, body: ParsedBody<typeof calls.updateConfig>): Promise<DepositConfig> {
  const saved = await deps.db.transaction(async (tx) => {
    await lockEntry(tx, 'deposit');
    const current = await getDepositSettings(tx);
    checkRevision(body.revision, current.revision ?? 0);
    const now = deps.now();
    const next: StoredDepositConfig = {
      activate: body.activate,
      amount: eurosToCents(body.amount),
      userId: body.userId,
      secret: body.secret || current.secret,
      days: body.days,
      revision: (current.revision ?? 0) + 1,
      // a second 'from now on only' (the lead time raised again) keeps what the first left out
      onlyNew:
        body.from_now && body.activate
          ? { createdBefore: now, arrivalUntil: Math.max(current.onlyNew?.arrivalUntil ?? 0, now + leadDays(body) * DAY) }
          : (current.onlyNew ?? null),
    };
    // the key is checked first (002 §5); switching on needs one, given now or stored before
    if (next.activate && next.secret.length !== 16) throw badRequest(DEPOSITS.secretLength, { secret: DEPOSITS.secretLength });
    await setEntry(tx, 'deposit', next);
    if (next.activate) await depositScanNowJob.enqueue(deps, {}, { tx });
    return next;
  });
  return depositConfigDoc(saved, deps.env);
}

/**
 * How many stays a save with these settings asks at once (the scan's own rule, deposits.run dueWindow):
 * what the settings screen says before switching on or raising the lead time.
 */
export async function preview(deps: Deps, q: ParsedQuery<typeof calls.preview>): Promise<DepositPreview> {
  const config = { ...(await getDepositSettings(deps.db)), activate: q.activate, days: q.days };
  const now = deps.now();
  const until = now + leadDays(config) * DAY;
  const window = q.activate ? await dueWindow(deps.db, config, now, q.type) : null;
  return { count: window ? await repo.countDueStays(deps.db, window) : 0, until };
}

export const listDeposits = (deps: Deps, q: ParsedQuery<typeof calls.list>) => repo.listDeposits(deps.db, q);

/**
 * The stays that ask a deposit and have none (issue 32): the scan's types and lead time, whatever 'from now on
 * only' left out, arrived guests included; asked one by one with request-stay. None while deposits are off.
 */
export async function unasked(deps: Deps, q: ParsedQuery<typeof calls.unasked>) {
  const config = await getDepositSettings(deps.db);
  const window = isReady(config) ? await dueWindow(deps.db, config, deps.now()) : null;
  if (!window) return { rows: [], total: 0, page: q.page, per_page: q.per_page };
  return repo.unaskedStays(deps.db, window, q);
}

/**
 * The stay's deposit and what to propose once its departure inventory is done (docs/deposits.md): release
 * when nothing is missing, claim the priced difference (at most the deposit) otherwise, with the objects
 * missing (against the arrival inventory, else the expected quantities: docs/inventories.md). Only an
 * accepted deposit not yet released or claimed has a proposal.
 */
export async function ofStay(deps: Deps, stayNumber: string): Promise<StayDeposit> {
  const row = await repo.depositOfStay(deps.db, stayNumber);
  if (!row) return { deposit: null, proposal: null };
  const deposit = await repo.depositDocOf(deps.db, row.id);
  return { deposit, proposal: row.status === 'OK' && !row.settlement ? await proposalOf(deps, stayNumber, row.amount) : null };
}

/** The saved departure inventory's missing objects and whether it is counted through (null: none saved). */
async function departureOf(deps: Deps, stayNumber: string) {
  const stay = await stayWithClient(deps.db, stayNumber);
  const departure = stay && (await stayDocs(deps.db, stay, staffReader)).departure;
  if (!departure?._id) return null;
  return { done: departure.status !== 'uncompleted', lines: departure.difference?.lines ?? [], total: eurosToCents(departure.difference?.total ?? 0) };
}
type Departure = NonNullable<Awaited<ReturnType<typeof departureOf>>>;

/** A release only when nothing is missing; else a claim of the priced difference (at most the deposit), which may be 0 € for objects without a price. */
function proposalFrom(departure: Departure | null, deposit: number): StayDeposit['proposal'] {
  if (!departure?.done) return null;
  if (!departure.lines.length) return { kind: 'release', amount: 0, amount_text: formatEuros(0) };
  const amount = Math.min(departure.total, deposit);
  const missing = departure.lines.map((l) => ({ name: l.name, reference: l.reference, count: l.count, missing: l.missing, amount: l.amount }));
  return { kind: 'claim', amount: amount / 100, amount_text: formatEuros(amount), missing };
}

const proposalOf = async (deps: Deps, stayNumber: string, deposit: number) => proposalFrom(await departureOf(deps, stayNumber), deposit);

/**
 * What a claim takes (issue 32): the priced difference (at most the deposit) unless staff give another
 * amount, which then needs a reason (part of it, or objects without a price); never more than the deposit.
 * A release is refused while the saved departure inventory finds anything missing, whatever its price.
 */
function settlementOf(kind: 'released' | 'claimed', departure: Departure | null, deposit: number, asked: ClaimAsked) {
  const field = (message: string, name = 'stay_number') => badRequest(message, { [name]: message });
  if (kind === 'released') {
    if (departure?.lines.length) throw field(DEPOSITS.itemsMissing(departure.lines.reduce((n, l) => n + l.missing, 0)));
    return { claimed: null, claimReason: null };
  }
  if (!departure?.lines.length) throw field(DEPOSITS.noDifference);
  const proposed = Math.min(departure.total, deposit);
  const amount = asked.amount === undefined ? proposed : eurosToCents(asked.amount);
  if (!amount) throw field(DEPOSITS.claimAmountNeeded, 'amount');
  if (amount > deposit) throw field(DEPOSITS.claimOverDeposit(formatEuros(deposit)), 'amount');
  const reason = asked.reason?.trim() || null;
  if (amount !== proposed && !reason) throw field(DEPOSITS.claimReasonNeeded(formatEuros(proposed)), 'reason');
  return { claimed: amount, claimReason: reason };
}
type ClaimAsked = { amount?: number; reason?: string };

const staffName = (user: DashboardUser) => `${user.firstname} ${user.lastname}`.trim() || user.username;

/**
 * Release or claim, on a staff click only: an intent (docs/deposits.md 'Release and claim: an intent').
 * Under the deposit's row lock and only if nothing was done or is under way (two clicks, two staff
 * members: one wins, the other reads 'déjà'), the deposit is marked with what was asked, its state
 * 'pending', and the `deposits.settle` job queued in the same transaction. The job calls Swikly and
 * records its answer, once, whatever process dies when: the answer here is the pending intent, which the
 * screen shows until the job has finished it.
 */
async function settle(deps: Deps, user: DashboardUser, stayNumber: string, kind: 'released' | 'claimed', asked: ClaimAsked = {}): Promise<Deposit | false> {
  // read before the transaction: the inventories come through the pool, not the transaction's connection
  const before = await repo.depositOfStay(deps.db, stayNumber);
  if (!before) return false;
  const departure = await departureOf(deps, stayNumber);
  return deps.db.transaction(async (tx) => {
    const row = await repo.depositOfStay(tx, stayNumber, true);
    if (!row) return false as const;
    if (row.settlement) throw badRequest(DEPOSITS.alreadySettled, { stay_number: DEPOSITS.alreadySettled });
    if (row.status !== 'OK' || !row.reference) throw badRequest(DEPOSITS.notAccepted, { stay_number: DEPOSITS.notAccepted });
    const { claimed, claimReason } = settlementOf(kind, departure, row.amount, asked);
    const config = await getDepositSettings(tx);
    if (!config.userId || !config.secret) throw badRequest(DEPOSITS.notConfigured, { stay_number: DEPOSITS.notConfigured });
    const now = deps.now();
    await repo.updateDeposit(tx, row.id, { settlement: kind, claimed, claimReason, settledTime: now, settledBy: staffName(user), settleState: 'pending', settleError: null, editedTime: now });
    await depositSettleJob.enqueue(deps, { deposit: row.id, reference: row.reference }, { tx });
    return (await repo.depositDocOf(tx, row.id)) ?? (false as const);
  });
}

export const release = (deps: Deps, user: DashboardUser, stayNumber: string) => settle(deps, user, stayNumber, 'released');
export const claim = (deps: Deps, user: DashboardUser, stayNumber: string, asked: ClaimAsked = {}) => settle(deps, user, stayNumber, 'claimed', asked);

/** The signed-in guest's deposit; false without one. */
export async function mine(deps: Deps, guestId: string): Promise<GuestDeposit | false> {
  const stayNumber = (await findGuest(deps.db, guestId, ['stayNumber']))?.stayNumber ?? null;
  const row = stayNumber ? await repo.depositOfStay(deps.db, stayNumber) : undefined;
  const doc = row && (await repo.depositDocOf(deps.db, row.id));
  // a request staff cancelled: the guest has nothing to do (as without a deposit)
  if (!row || !doc || row.status === DEPOSITS.statusCancelled) return false;
  // a release or claim under way shows once Swikly has done it
  const status: GuestDeposit['status'] = row.settlement && row.settleState !== 'pending'
    ? row.settlement
    : row.status === 'OK'
      ? 'accepted'
      : row.status
        ? 'refused'
        : row.link
          ? 'pending'
          : 'waiting';
  return { status, amount: row.amount / 100, link: status === 'pending' ? row.link : null, arrival: doc.arrival, departure: doc.departure };
}
