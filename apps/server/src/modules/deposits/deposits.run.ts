import type { Lang } from '@campsite/shared';
import { epochToZoned, fold, isLang } from '@campsite/shared';
import type { Tx } from '../../db/client';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { SWIKLY_LANGS, SwiklyClient, SwiklyError, swiklySettings } from '../../integrations/swikly';
import { guestBase } from '../emails/render';
import { getDepositSettings, isReady, type StoredDepositConfig } from './deposits.settings';
import * as repo from './deposits.repository';

// The jobs' work (deposits.jobs.ts): the scan that finds the stays due for a deposit, and the request made
// for one at the provider. Kept out of the service, which queues the jobs.

/** stays taken per scan run; a longer list is continued by the next run at once */
export const SCAN_BATCH = 200;

/** The client of the account the settings name, on the configured implementation (live or simulator). */
export const clientOf = (deps: Deps, c: StoredDepositConfig) =>
  new SwiklyClient({ baseUrl: swiklySettings(deps.env).baseUrl, accountId: c.userId, key: c.secret });

/**
 * Makes the deposit rows of the stays now due (arriving within the settings' days, of a type that asks for
 * one) and answers their ids; each id's request is queued by the caller in the same transaction. The unique
 * stay number makes a row once, whichever instance scans first.
 */
export async function scanDue(deps: Deps, enqueue: (tx: Tx, id: string) => Promise<void>) {
  const config = await getDepositSettings(deps.db);
  if (!isReady(config)) return { made: 0, more: false };
  const types = await repo.depositTypes(deps.db);
  const keys = [...new Set(types.flatMap((t) => [t.name, ...t.categories]).map((n) => fold(n.trim())))];
  if (!keys.length) return { made: 0, more: false };
  const now = deps.now();
  const due = await repo.dueStays(deps.db, keys, now + config.days * 86400, now, SCAN_BATCH);
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
        error: s.email ? null : 'Pas d’adresse e-mail pour ce client',
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

const ymd = (t: number, tz: string) => {
  const p = epochToZoned(t, tz);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

export type RequestOutcome = { done: true } | { again: number };

/**
 * Makes the provider request of one deposit, once: a deposit that has its reference is left alone (a job
 * run twice, an instance that died after the call). Answers when to try again while the settings are off
 * or the provider asks to wait; throws when it is down (the job retries with back-off).
 */
export async function makeRequest(deps: Deps, id: string): Promise<RequestOutcome & { mail?: boolean }> {
  const row = await repo.findDeposit(deps.db, id);
  if (!row || row.reference || row.status) return { done: true };
  const stay = await repo.depositDocOf(deps.db, id);
  const now = deps.now();
  if (!stay || stay.departure < now) return { done: true };
  const config = await getDepositSettings(deps.db);
  if (!isReady(config)) return { again: now + 3600 };
  const lang = row.lang as Lang;
  const tz = deps.env.TIME_ZONE;
  let made;
  try {
    made = await clientOf(deps, config).createRequest({
      description: `Caution – séjour ${row.stayNumber}`,
      language: (SWIKLY_LANGS as readonly string[]).includes(lang) ? (lang as (typeof SWIKLY_LANGS)[number]) : 'en',
      customId: row.stayNumber,
      customer: { firstName: row.firstname, lastName: row.lastname, email: row.email },
      deposit: { startDate: ymd(stay.arrival, tz), endDate: ymd(stay.departure, tz), amount: row.amount },
      callbacks: { url: swiklySettings(deps.env).callbackUrl },
      redirectUrl: `${guestBase(deps)}/`,
      sendEmail: false,
    });
  } catch (err) {
    if (err instanceof SwiklyError && err.kind === 'busy') return { again: now + err.retryAfter };
    if (err instanceof SwiklyError && err.kind === 'refused') {
      // a refusal does not pass by itself (a wrong key, a bad address): kept for staff to read, not retried
      await repo.updateDeposit(deps.db, id, { error: err.message, editedTime: now });
      return { done: true };
    }
    throw err;
  }
  await repo.updateDeposit(deps.db, id, { reference: made.id, link: made.link, error: null, editedTime: deps.now() });
  return { done: true, mail: true };
}
