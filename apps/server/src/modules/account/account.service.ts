import type { Account, ParsedBody } from '@campsite/shared';
import { accountCalls, CORE } from '@campsite/shared';
import type { Deps } from '../../http/deps';
import { HttpError, isUniqueViolation, tooMany } from '../../http/errors';
import { createSession, hashToken } from '../../http/session';
import { newId } from '../../lib/ids';
import { checkPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { getAdminConfig } from '../../platform/settings/settings.repository';
import * as clientsRepo from '../clients/public';
import { throttled } from '../../platform/throttle/sign-in';
import { accountMailJob } from './account.jobs';
import { sendAccountMail } from './account.mail';
import * as repo from './account.repository';
import { CODE_WINDOW, countMail, countRequest, UNACTIVATED_PER_CODE } from './account.throttle';
import { findGuest, lockGuest } from '../../platform/people/guests.repository';

/** activation links staff may send again to one account in 15 minutes */
const STAFF_RESENDS = 3;
/** A guest just signed in: the token of their new session. */
export interface SignedIn {
  session: string;
  userId: string;
}

/** Login attempts share the staff's table; a prefix keeps a guest's e-mail apart from a staff identifier. */
const throttleKey = (email: string) => `webapp:${email.toLowerCase()}`;

/** The stay a new account joins: the one on site now, else the next to come, else the latest. */
function stayToJoin<S extends { arrival: number; departure: number; stay_number: string }>(list: S[], now: number): S | undefined {
  const onSite = list.find((s) => s.arrival <= now && s.departure > now - 86400);
  const next = list.filter((s) => s.arrival > now).sort((a, b) => a.arrival - b.arrival)[0];
  return onSite ?? next ?? [...list].sort((a, b) => b.arrival - a.arrival)[0];
}

/** The guest's own account, their stay and client file, shown as the admin settings allow. */
export async function accountOf(deps: Deps, userId: string): Promise<Account | false> {
  const row = await findGuest(deps.db, userId);
  if (!row) return false;
  const [admin, stay, client] = await Promise.all([
    getAdminConfig(deps.db),
    row.stayNumber ? repo.stayByNumber(deps.db, row.stayNumber) : Promise.resolve(undefined),
    row.clientNumber ? clientsRepo.findClient(deps.db, row.clientNumber) : Promise.resolve(undefined),
  ]);
  const s = stay;
  return {
    _id: row.id,
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    civility: row.civility as Account['civility'],
    birthday: row.birthday,
    phone: row.phone,
    langage: row.langage,
    client_number: row.clientNumber,
    user_type: row.userType as Account['user_type'],
    participant_type: row.participantType as Account['participant_type'],
    activate: row.activate,
    created_time: row.createdTime,
    stay: s
      ? {
          stay_number: s.stayNumber,
          ...(admin.show_stay_dates ? { arrival: s.arrival, departure: s.departure, arrival_time: s.arrivalTime, departure_time: s.departureTime } : {}),
          ...(admin.show_stay_location ? { location: s.location } : {}),
        }
      : null,
    client: client
      ? {
          client_number: client.client_number,
          lastname: client.lastname,
          firstname: client.firstname,
          email1: client.email1,
          phone1: client.phone1,
          activation_code: client.activation_code,
        }
      : null,
  };
}


/**
 * A guest's sign-up (issue 18): counted per address and per recipient first (429 past the limits), the
 * code checked before any password is hashed (a wrong code counts as a guess), at most
 * UNACTIVATED_PER_CODE accounts waiting for activation per code and day. An address that already has an
 * account answers like any other sign-up, and its owner is told by e-mail instead: the form cannot tell
 * who has an account. The mail is a job of the same transaction (account.jobs.ts).
 */
export async function signup(deps: Deps, body: ParsedBody<typeof accountCalls.signup>, ip: string) {
  if (!(await getAdminConfig(deps.db)).active_connexion) return { error: 'closed' as const };
  const counted = await countRequest(deps, ip, { code: true });
  try {
    return await signupCounted(deps, body, counted);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 429) await counted.takeBack();
    throw err;
  }
}

async function signupCounted(deps: Deps, body: ParsedBody<typeof accountCalls.signup>, counted: Awaited<ReturnType<typeof countRequest>>) {
  const client = await clientsRepo.findClientByCode(deps.db, body.code);
  if (!client) return { error: 'unknown_code' as const };
  await counted.codeWasRight();
  const now = deps.now();
  // a code past its quota is refused before the password is hashed (checked again under the lock below)
  if ((await repo.waitingAccounts(deps.db, client.client_number, now - CODE_WINDOW)) >= UNACTIVATED_PER_CODE) {
    throw tooMany(CORE.codeQuota, await repo.quotaFreesIn(deps.db, client.client_number, now - CODE_WINDOW, CODE_WINDOW, now));
  }
  const passwordHash = await hashPassword(body.password);
  try {
    await deps.db.transaction(async (tx) => {
      // the client's row is locked: two first sign-ups at once do not both become the primary, and the
      // count of accounts waiting for activation holds until this one is written
      await clientsRepo.lockClient(tx, client.client_number);
      // the recipient's mail is counted whether the address has an account or not: a full count answers
      // the same 429 either way
      await countMail(deps, tx, body.email);
      if ((await repo.waitingAccounts(tx, client.client_number, now - CODE_WINDOW)) >= UNACTIVATED_PER_CODE) {
        throw tooMany(CORE.codeQuota, await repo.quotaFreesIn(tx, client.client_number, now - CODE_WINDOW, CODE_WINDOW, now));
      }
      const existing = await repo.findByEmail(tx, body.email);
      if (existing) return void (await accountMailJob.enqueue(deps, { kind: 'taken', user: existing.id }, { tx }));
      const primary = await repo.primaryOfClient(tx, client.client_number);
      const stayNumber = primary?.stayNumber ?? stayToJoin(await clientsRepo.staysOfClients(tx, [client.client_number]), now)?.stay_number ?? null;
      const id = newId();
      await repo.insertUser(tx, {
        id,
        clientNumber: client.client_number,
        civility: body.civility ?? null,
        firstname: body.firstname,
        lastname: body.lastname,
        birthday: body.birthday ?? null,
        phone: body.phone ?? null,
        email: body.email,
        activate: false,
        stayNumber,
        username: body.email,
        langage: body.langage ?? client.langage ?? null,
        userType: primary ? 'participant' : 'primary',
        participantType: primary ? (body.participant_type ?? 'other') : null,
        passwordHash,
        createdTime: now,
        editedTime: now,
      });
      await accountMailJob.enqueue(deps, { kind: 'activate', user: id }, { tx });
    });
  } catch (err) {
    // two sign-ups with one address at once: the unique index refused the second, the first one mails
    if (!isUniqueViolation(err)) throw err;
  }
  deps.jobs.poke();
  return { ok: true as const };
}

/** The guest asks for the activation link again: answered the same whether or not the address has an account. */
export async function requestActivation(deps: Deps, email: string, ip: string) {
  await countRequest(deps, ip, { email });
  const row = await repo.findByEmail(deps.db, email);
  if (row && !row.activate) {
    await accountMailJob.enqueue(deps, { kind: 'activate', user: row.id });
    deps.jobs.poke();
  }
}

/**
 * Staff send the activation link again (webapp/users/send-email): now, so that a refusal of the SMTP
 * server is their answer; false when the account is activated, unknown, or had STAFF_RESENDS links in
 * 15 minutes.
 */
export async function resendActivation(deps: Deps, email: string): Promise<boolean> {
  const row = await repo.findByEmail(deps.db, email);
  if (!row || row.activate) return false;
  const token = await deps.db.transaction(async (tx) => {
    if ((await repo.recentLinks(tx, row.id, 'activate', deps.now() - 15 * 60)) >= STAFF_RESENDS) return null;
    return repo.newLink(tx, row.id, 'activate', deps.now());
  });
  if (!token) return false;
  await sendAccountMail(deps, 'activate', row, token);
  return true;
}

export async function activate(deps: Deps, token: string, ip: string): Promise<{ error: 'closed' | 'invalid_token' } | SignedIn> {
  if (!(await getAdminConfig(deps.db)).active_connexion) return { error: 'closed' as const };
  await countRequest(deps, ip);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await repo.consumeLink(tx, token, 'activate', deps.now());
    if (id) await repo.updateUser(tx, id, { activate: true, editedTime: deps.now() });
    return id;
  });
  if (!userId) return { error: 'invalid_token' as const };
  return { session: await createSession(deps, 'webapp', userId), userId };
}

export async function login(deps: Deps, email: string, password: string, ip: string): Promise<{ error: 'closed' | 'wrong_credentials' | 'not_activated' } | SignedIn> {
  if (!(await getAdminConfig(deps.db)).active_connexion) return { error: 'closed' as const };
  const row = await throttled(deps, throttleKey(email), ip, async () => {
    const found = await repo.findByEmail(deps.db, email);
    return (await checkPassword(password, found?.passwordHash)) && found ? found : false;
  });
  if (!row) return { error: 'wrong_credentials' as const };
  if (!row.activate) return { error: 'not_activated' as const };
  return { session: await createSession(deps, 'webapp', row.id), userId: row.id };
}

/** A password link by e-mail: answered the same whether or not the address has an account. */
export async function requestPasswordReset(deps: Deps, email: string, ip: string) {
  await countRequest(deps, ip, { email });
  const row = await repo.findByEmail(deps.db, email);
  if (!row) return;
  await accountMailJob.enqueue(deps, { kind: 'reset', user: row.id });
  deps.jobs.poke();
}

/**
 * A new password from the e-mailed link: the address is proven, so the account is activated too; other
 * sessions end. The link is checked before the password is hashed.
 */
export async function resetPassword(deps: Deps, token: string, password: string, ip: string): Promise<{ error: 'closed' | 'invalid_token' } | SignedIn> {
  if (!(await getAdminConfig(deps.db)).active_connexion) return { error: 'closed' as const };
  await countRequest(deps, ip);
  if (!(await repo.linkIsValid(deps.db, token, 'reset', deps.now()))) return { error: 'invalid_token' as const };
  const passwordHash = await hashPassword(password);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await repo.consumeLink(tx, token, 'reset', deps.now());
    if (!id) return null;
    await repo.resetUserPassword(tx, id, passwordHash, deps.now());
    return id;
  });
  if (!userId) return { error: 'invalid_token' as const };
  return { session: await createSession(deps, 'webapp', userId), userId };
}

/** The guest changes their own account; a new password needs the current one. */
export async function updateAccount(deps: Deps, userId: string, body: ParsedBody<typeof accountCalls.update>, token: string | undefined) {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const result = await deps.db.transaction(async (tx): Promise<{ error: 'wrong_password' } | null> => {
    const row = await lockGuest(tx, userId, 'update');
    if (!row) throw new HttpError(401, CORE.notSignedIn);
    if (passwordHash && !(body.current_password && row.passwordHash && (await verifyPassword(body.current_password, row.passwordHash)))) {
      return { error: 'wrong_password' as const };
    }
    await repo.updateUser(tx, userId, {
      firstname: body.firstname,
      lastname: body.lastname,
      ...(body.civility !== undefined ? { civility: body.civility } : {}),
      ...(body.birthday !== undefined ? { birthday: body.birthday } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.langage !== undefined ? { langage: body.langage } : {}),
      ...(passwordHash ? { passwordHash } : {}),
      editedTime: deps.now(),
    });
    // a new password signs the account out everywhere else
    if (passwordHash) await repo.endOtherSessions(tx, userId, hashToken(token ?? ''));
    return null;
  });
  if (result) return result;
  const account = await accountOf(deps, userId);
  if (!account) throw new HttpError(401, CORE.notSignedIn);
  return account;
}
