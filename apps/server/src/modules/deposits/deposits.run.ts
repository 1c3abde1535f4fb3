import type { Lang } from '@campsite/shared';
import { DEPOSITS, epochToZoned, fold, isLang, segment } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { SWIKLY_LANGS, SwiklyClient, SwiklyError, swiklySettings, type SwiklyRequest } from '../../integrations/swikly';
import { guestBase } from '../../lib/guest-url';
import { reportOf } from '../inventories/public';
import { getDepositSettings, isReady, leadDays, type StoredDepositConfig } from './deposits.settings';
import * as repo from './deposits.repository';
import type { DueWindow } from './deposits.repository';

// The jobs' work (deposits.jobs.ts): the scan that finds the stays due for a deposit, and the request made
// for one at the provider. Kept out of the service, which queues the jobs.

/** stays taken per scan run; a longer list is continued by the next run at once */
export const SCAN_BATCH = 200;

/** The client of the account the settings name, on the configured implementation (live or simulator). */
export const clientOf = (deps: Deps, c: StoredDepositConfig) =>
  new SwiklyClient({ baseUrl: swiklySettings(deps.env).baseUrl, accountId: c.userId, key: c.secret });

/**
 * The scan's window with these settings (deposits.repository dueWhere): the types marked Oui, the arrivals
 * after now and by the lead time, less 'from now on only'. Null when nothing can be asked (no type).
 */
export async function dueWindow(db: Tx, config: StoredDepositConfig, now: number, type?: string): Promise<DueWindow | null> {
  // one type about to be switched on (the settings screen's count): its stays only
  const types = type ? await repo.typeOf(db, type) : await repo.depositTypes(db);
  const keys = [...new Set(types.flatMap((t) => [t.name, ...t.categories]).map((n) => fold(n.trim())))];
  if (!keys.length) return null;
  return { keys, now, until: now + leadDays(config) * 86400, onlyNew: config.onlyNew ?? null };
}

/**
 * Makes the deposit rows of the stays now due (dueWindow) and answers their ids; each id's request is
 * queued by the caller in the same transaction. The unique stay number makes a row once, whichever
 * instance scans first.
 */
export async function scanDue(deps: Deps, enqueue: (tx: Tx, id: string) => Promise<void>) {
  const config = await getDepositSettings(deps.db);
  if (!isReady(config)) return { made: 0, more: false };
  const now = deps.now();
  const window = await dueWindow(deps.db, config, now);
  if (!window) return { made: 0, more: false };
  const due = await repo.dueStays(deps.db, window, SCAN_BATCH);
  let made = 0;
  for (const s of due) {
    // a stay without any address cannot be asked: it is listed with the reason, for staff to see
    await deps.db.transaction(async (tx) => {
      const id = await repo.insertDeposit(tx, {
        id: newId(),
        stayNumber: s.stay_number,
        amount: config.amount,
        firstname: s.firstname,
        lastname: s.lastname,
        email: s.email ?? '',
        lang: isLang(s.lang) ? s.lang : 'fr',
        arrival: s.arrival,
        departure: s.departure,
        error: s.email ? null : DEPOSITS.noEmail,
        createdTime: now,
        editedTime: now,
      });
      if (id && s.email) {
        made++;
        await enqueue(tx, id);
      }
    });
  }
  return { made, more: due.length === SCAN_BATCH };
}

/** A day as Swikly takes it (YYYY-MM-DD), in the establishment's zone. */
export const ymd = (t: number, tz: string) => {
  const p = epochToZoned(t, tz);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

/**
 * What a run of the request job did: done (with the mail to send when the request was recorded now), a
 * time to run again, or a request that no deposit row wants any more (made while the stay went or moved:
 * `orphan` names it, or null when only its customId can find it), to be closed by deposits.close.
 */
export type RequestOutcome = { done: true; mail?: boolean; orphan?: { reference: string | null } } | { again: number };

/**
 * Makes the provider request of one deposit, once. Our reference is the deposit's id, sent as the customId
 * (unique at Swikly): a run after a first try (attempt > 1: the process died during the call, or the answer
 * was lost) first looks the request up by it, and records the one found instead of making a second. A
 * deposit that has its reference is left alone (a job run twice). Answers when to try again while the
 * settings are off or the provider asks to wait; throws when it is down (the job retries with back-off).
 */
export async function makeRequest(deps: Deps, id: string, attempt = 1, manual = false): Promise<RequestOutcome> {
  const row = await repo.findDeposit(deps.db, id);
  // gone (its stay erased or moved) after a try that may have made it: deposits.close finds it by customId
  if (!row) return attempt > 1 ? { done: true, orphan: { reference: null } } : { done: true };
  if (row.reference || row.status) return { done: true };
  const stay = await repo.depositDocOf(deps.db, id);
  const now = deps.now();
  if (!stay || stay.departure < now) return { done: true };
  // a guest is never asked automatically once arrived (issue 32: a request held by Swikly's outage until
  // the arrival day); staff may still ask at the desk ('Demander maintenant': manual)
  if (!manual && stay.arrival <= now) {
    await repo.updateDeposit(deps.db, id, { error: DEPOSITS.arrivedBeforeRequest, editedTime: now });
    return { done: true };
  }
  const config = await getDepositSettings(deps.db);
  if (!isReady(config)) return { again: now + 3600 };
  const lang = row.lang as Lang;
  const tz = deps.env.TIME_ZONE;
  const client = clientOf(deps, config);
  let made: SwiklyRequest | null = null;
  try {
    if (attempt > 1) made = await client.findByCustomId(row.id);
    made ??= await client.createRequest({
      description: `Caution – séjour ${row.stayNumber}`,
      language: (SWIKLY_LANGS as readonly string[]).includes(lang) ? (lang as (typeof SWIKLY_LANGS)[number]) : 'en',
      customId: row.id,
      customIdMustBeUnique: true,
      customer: { firstName: row.firstname, lastName: row.lastname, email: row.email },
      deposit: { startDate: ymd(row.arrival ?? stay.arrival, tz), endDate: ymd(row.departure ?? stay.departure, tz), amount: row.amount },
      callbacks: { url: swiklySettings(deps.env).callbackUrl },
      // once answered, Swikly brings the guest back to 'Ma caution' in their language ('/konto/caution')
      redirectUrl: `${guestBase(deps)}${segment(lang, 'account')}/caution`,
      sendEmail: false,
    });
  } catch (err) {
    if (err instanceof SwiklyError && err.kind === 'busy') return { again: now + err.retryAfter };
    // the customId is taken: another run made it (a lease that ran out while the first still waited)
    if (err instanceof SwiklyError && err.status === 409) made = await client.findByCustomId(row.id);
    if (!made && err instanceof SwiklyError && err.kind === 'refused') {
      // a refusal does not pass by itself (a wrong key, a bad address): kept for staff to read, not retried
      await repo.updateDeposit(deps.db, id, { error: err.message, editedTime: now });
      return { done: true };
    }
    if (!made) throw err;
  }
  const saved = await repo.updateDeposit(deps.db, id, { reference: made.id, link: made.link, error: null, editedTime: deps.now() });
  // the row went during the call (the client erased, the stay moved), or staff cancelled it meanwhile:
  // nobody wants this request
  if (!saved || saved.status) return { done: true, orphan: { reference: made.id } };
  return { done: true, mail: true };
}

/**
 * Closes a request no deposit row stands for any more (deposits.close): found by its reference, or by its
 * customId (our deposit id) when its answer never came. Pending: cancelled; accepted (the guest answered in
 * the meantime, or an erased client's deposit): released, so that no hold stays on the card. Any other state
 * is closed already. Throws while Swikly is down or refuses (the job retries, and reads the state again).
 */
export async function closeRequest(deps: Deps, deposit: string, reference: string | null): Promise<{ again: number } | { done: SwiklyRequest['status'] | 'unknown' }> {
  const config = await getDepositSettings(deps.db);
  // without an account nothing can have been asked with these settings
  if (!config.userId || !config.secret) return { done: 'unknown' };
  const client = clientOf(deps, config);
  try {
    for (let round = 1; ; round++) {
      const r = reference ? await client.findRequest(reference) : await client.findByCustomId(deposit);
      if (!r) return { done: 'unknown' };
      try {
        if (r.status === 'pending') await client.cancelRequest(r.id);
        else if (r.status === 'accepted') await client.release(r.id);
        return { done: r.status };
      } catch (err) {
        // 409: its state changed since it was read (the guest answered, another run closed it): read it again
        if (!(err instanceof SwiklyError && err.status === 409) || round === 2) throw err;
      }
    }
  } catch (err) {
    if (err instanceof SwiklyError && err.kind === 'busy') return { again: deps.now() + err.retryAfter };
    throw err;
  }
}

/**
 * What a run of the settle job did (deposits.settle): finished (Swikly did it, now or in an earlier run),
 * failed (Swikly refused: the intent is put back, with the reason), a time to run again (429), or the
 * deposit gone while its intent was pending (the client erased: its request is closed like theirs).
 */
export type SettleOutcome = { done: 'done' | 'failed' | 'none' } | { again: number } | { gone: { reference: string } };

/** The intent is finished: only if it is still pending (a run taken over after a lease finishes it once). */
const finishIntent = (deps: Deps, id: string) =>
  repo.updateDepositIf(deps.db, id, 'pending', { settleState: 'done', settleError: null, editedTime: deps.now() });

/** The intent failed: the mark is put back (staff can release or claim again) and the reason kept for them. */
export const failIntent = (deps: Deps, id: string, reason: string) =>
  repo.updateDepositIf(deps.db, id, 'pending', {
    settlement: null,
    claimed: null,
    claimReason: null,
    settledTime: null,
    settledBy: null,
    settleState: 'failed',
    settleError: reason,
    editedTime: deps.now(),
  });

/**
 * Finishes a release or claim intent (docs/deposits.md 'Release and claim: an intent'). Swikly is read
 * first: a run after a process died during the call, or after its lease ran out while the call was out,
 * finds the request released or claimed already and records it, instead of asking twice. An accepted
 * request is then released, or claimed with the departure inventory's PDF; a 409 (another run did it
 * meanwhile) reads it again. Swikly down: throws (the job retries with back-off); 429: runs again then.
 */
export async function settleIntent(deps: Deps, id: string, reference: string): Promise<SettleOutcome> {
  const row = await repo.findDeposit(deps.db, id);
  if (!row) return { gone: { reference } };
  if (row.settleState !== 'pending' || !row.settlement || !row.reference) return { done: 'none' };
  const target = row.settlement;
  const client = clientOf(deps, await getDepositSettings(deps.db));
  try {
    let r = await client.findRequest(row.reference);
    if (r?.status === 'accepted') {
      try {
        if (target === 'released') await client.release(row.reference);
        else {
          const report = await reportOf(deps, row.stayNumber);
          await client.reclaim(row.reference, {
            amount: row.claimed!,
            reason: `Inventaire de sortie du séjour ${row.stayNumber} : objets manquants${row.claimReason ? ` (${row.claimReason})` : ''}`,
            files: report ? [{ name: report.filename, contentType: 'application/pdf', content: report.pdf.toString('base64') }] : [],
          });
        }
        r = { ...r, status: target };
      } catch (err) {
        // 409: its state changed since it was read (another run did it, the guest's hold ended)
        if (!(err instanceof SwiklyError && err.status === 409)) throw err;
        r = await client.findRequest(row.reference);
      }
    }
    if (r?.status === target) {
      await finishIntent(deps, id);
      return { done: 'done' };
    }
    await failIntent(deps, id, DEPOSITS.providerState(r?.status ?? 'inconnue'));
    return { done: 'failed' };
  } catch (err) {
    if (err instanceof SwiklyError && err.kind === 'busy') return { again: deps.now() + err.retryAfter };
    if (err instanceof SwiklyError && err.kind === 'refused') {
      await failIntent(deps, id, DEPOSITS.providerRefused(err.message));
      return { done: 'failed' };
    }
    throw err;
  }
}
