import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Account, ParsedBody } from '@campsite/shared';
import { accountCalls, M } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { sessions, stays, webappTokens, webappUsers } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { HttpError, isUniqueViolation } from '../../http/errors';
import { createSession, hashToken, newToken } from '../../http/session';
import { newId } from '../../lib/ids';
import { checkPassword, hashPassword, verifyPassword } from '../../lib/passwords';
import { getAdminConfig } from '../config/config.repository';
import * as clientsRepo from '../clients/clients.repository';
import { throttled } from '../users/throttle';
import { sendAccountMail } from './account.mails';

const ACTIVATE_TTL = 7 * 86400;
const RESET_TTL = 2 * 3600;
const WINDOW = 15 * 60;
/** reset e-mails per address in the window: the form cannot be used to flood someone's mailbox */
const MAX_MAILS = 3;

type UserRow = typeof webappUsers.$inferSelect;
/** A guest just signed in: the token of their new session. */
export interface SignedIn {
  session: string;
  userId: string;
}

/** Login attempts share the staff's table; a prefix keeps a guest's e-mail apart from a staff identifier. */
const throttleKey = (email: string) => `webapp:${email.toLowerCase()}`;

async function findByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  return (await db.select().from(webappUsers).where(sql`lower(${webappUsers.email}) = ${email.toLowerCase()}`).limit(1))[0];
}

/** The stay a new account joins: the one on site now, else the next to come, else the latest. */
function stayToJoin<S extends { arrival: number; departure: number; stay_number: string }>(list: S[], now: number): S | undefined {
  const onSite = list.find((s) => s.arrival <= now && s.departure > now - 86400);
  const next = list.filter((s) => s.arrival > now).sort((a, b) => a.arrival - b.arrival)[0];
  return onSite ?? next ?? [...list].sort((a, b) => b.arrival - a.arrival)[0];
}

/** The guest's own account, their stay and client file, shown as the admin settings allow. */
export async function accountOf(deps: Deps, userId: string): Promise<Account | false> {
  const [row] = await deps.db.select().from(webappUsers).where(eq(webappUsers.id, userId)).limit(1);
  if (!row) return false;
  const [admin, stay, client] = await Promise.all([
    getAdminConfig(deps.db),
    row.stayNumber ? deps.db.select().from(stays).where(eq(stays.stayNumber, row.stayNumber)).limit(1) : Promise.resolve([]),
    row.clientNumber ? clientsRepo.findClient(deps.db, row.clientNumber) : Promise.resolve(undefined),
  ]);
  const s = stay[0];
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

async function newLink(tx: Tx, deps: Deps, userId: string, kind: 'activate' | 'reset'): Promise<string> {
  const token = newToken();
  const now = deps.now();
  await tx.insert(webappTokens).values({ tokenHash: hashToken(token), userId, kind, createdTime: now, expiresAt: now + (kind === 'activate' ? ACTIVATE_TTL : RESET_TTL) });
  return token;
}

/** Takes a valid link once: its row is deleted in the same statement that reads it. */
async function consumeLink(tx: Tx, deps: Deps, token: string, kind: 'activate' | 'reset'): Promise<string | null> {
  const rows = await tx
    .delete(webappTokens)
    .where(and(eq(webappTokens.tokenHash, hashToken(token)), eq(webappTokens.kind, kind), gt(webappTokens.expiresAt, deps.now())))
    .returning({ userId: webappTokens.userId });
  return rows[0]?.userId ?? null;
}

export async function signup(deps: Deps, body: ParsedBody<typeof accountCalls.signup>) {
  if (!(await getAdminConfig(deps.db)).active_connexion) return { error: 'closed' as const };
  const passwordHash = await hashPassword(body.password);
  const now = deps.now();
  try {
    type Created = { error: 'unknown_code' | 'email_taken' } | { token: string; to: { email: string; firstname: string; langage: string | null } };
    const created = await deps.db.transaction(async (tx): Promise<Created> => {
      const client = await clientsRepo.findClientByCode(tx, body.code);
      if (!client) return { error: 'unknown_code' as const };
      if (await findByEmail(tx, body.email)) return { error: 'email_taken' as const };
      // the client's row is locked so that two first sign-ups at once do not both become the primary
      await tx.execute(sql`SELECT 1 FROM clients WHERE client_number = ${client.client_number} FOR UPDATE`);
      const [primary] = await tx
        .select({ stayNumber: webappUsers.stayNumber })
        .from(webappUsers)
        .where(and(eq(webappUsers.clientNumber, client.client_number), eq(webappUsers.userType, 'primary')))
        .limit(1);
      const stayNumber = primary?.stayNumber ?? stayToJoin(await clientsRepo.staysOfClients(tx, [client.client_number]), now)?.stay_number ?? null;
      const id = newId();
      await tx.insert(webappUsers).values({
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
      const token = await newLink(tx, deps, id, 'activate');
      return { token, to: { email: body.email, firstname: body.firstname, langage: body.langage ?? client.langage ?? null } };
    });
    if ('error' in created) return created;
    await sendAccountMail(deps, 'activate', created.to, created.token);
    return { ok: true as const };
  } catch (err) {
    // two sign-ups with one address at once: the unique index refuses the second
    if (isUniqueViolation(err)) return { error: 'email_taken' as const };
    throw err;
  }
}

/** Sends a fresh activation link to an account not yet activated; false when there is none to send. */
export async function resendActivation(deps: Deps, email: string): Promise<boolean> {
  const row = await findByEmail(deps.db, email);
  if (!row || row.activate) return false;
  const token = await deps.db.transaction(async (tx) => {
    if ((await recentLinks(tx, row.id, 'activate', deps.now())) >= MAX_MAILS) return null;
    return newLink(tx, deps, row.id, 'activate');
  });
  if (!token) return false;
  await sendAccountMail(deps, 'activate', row, token);
  return true;
}

async function recentLinks(tx: Tx, userId: string, kind: 'activate' | 'reset', now: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(webappTokens)
    .where(and(eq(webappTokens.userId, userId), eq(webappTokens.kind, kind), gt(webappTokens.createdTime, now - WINDOW)));
  return Number(n);
}

export async function activate(deps: Deps, token: string): Promise<{ error: 'closed' | 'invalid_token' } | SignedIn> {
  if (!(await getAdminConfig(deps.db)).active_connexion) return { error: 'closed' as const };
  const userId = await deps.db.transaction(async (tx) => {
    const id = await consumeLink(tx, deps, token, 'activate');
    if (id) await tx.update(webappUsers).set({ activate: true, editedTime: deps.now() }).where(eq(webappUsers.id, id));
    return id;
  });
  if (!userId) return { error: 'invalid_token' as const };
  return { session: await createSession(deps, 'webapp', userId), userId };
}

export async function login(deps: Deps, email: string, password: string, ip: string): Promise<{ error: 'closed' | 'wrong_credentials' | 'not_activated' } | SignedIn> {
  if (!(await getAdminConfig(deps.db)).active_connexion) return { error: 'closed' as const };
  const row = await throttled(deps, throttleKey(email), ip, async () => {
    const found = await findByEmail(deps.db, email);
    return (await checkPassword(password, found?.passwordHash)) && found ? found : false;
  });
  if (!row) return { error: 'wrong_credentials' as const };
  if (!row.activate) return { error: 'not_activated' as const };
  return { session: await createSession(deps, 'webapp', row.id), userId: row.id };
}

export async function requestPasswordReset(deps: Deps, email: string) {
  const row = await findByEmail(deps.db, email);
  if (!row) return;
  const token = await deps.db.transaction(async (tx) => {
    if ((await recentLinks(tx, row.id, 'reset', deps.now())) >= MAX_MAILS) return null;
    return newLink(tx, deps, row.id, 'reset');
  });
  if (token) await sendAccountMail(deps, 'reset', row, token);
}

/** A new password from the e-mailed link: the address is proven, so the account is activated too; other sessions end. */
export async function resetPassword(deps: Deps, token: string, password: string): Promise<{ error: 'closed' | 'invalid_token' } | SignedIn> {
  if (!(await getAdminConfig(deps.db)).active_connexion) return { error: 'closed' as const };
  const passwordHash = await hashPassword(password);
  const userId = await deps.db.transaction(async (tx) => {
    const id = await consumeLink(tx, deps, token, 'reset');
    if (!id) return null;
    await tx.update(webappUsers).set({ passwordHash, activate: true, editedTime: deps.now() }).where(eq(webappUsers.id, id));
    await tx.delete(webappTokens).where(and(eq(webappTokens.userId, id), eq(webappTokens.kind, 'reset')));
    await tx.delete(sessions).where(and(eq(sessions.kind, 'webapp'), eq(sessions.userId, id)));
    return id;
  });
  if (!userId) return { error: 'invalid_token' as const };
  return { session: await createSession(deps, 'webapp', userId), userId };
}

/** The guest changes their own account; a new password needs the current one. */
export async function updateAccount(deps: Deps, userId: string, body: ParsedBody<typeof accountCalls.update>, token: string | undefined) {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const result = await deps.db.transaction(async (tx): Promise<{ error: 'wrong_password' } | null> => {
    const [row] = await tx.select().from(webappUsers).where(eq(webappUsers.id, userId)).limit(1).for('update');
    if (!row) throw new HttpError(401, M.notSignedIn);
    if (passwordHash && !(body.current_password && row.passwordHash && (await verifyPassword(body.current_password, row.passwordHash)))) {
      return { error: 'wrong_password' as const };
    }
    await tx
      .update(webappUsers)
      .set({
        firstname: body.firstname,
        lastname: body.lastname,
        ...(body.civility !== undefined ? { civility: body.civility } : {}),
        ...(body.birthday !== undefined ? { birthday: body.birthday } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.langage !== undefined ? { langage: body.langage } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        editedTime: deps.now(),
      })
      .where(eq(webappUsers.id, userId));
    // a new password signs the account out everywhere else
    if (passwordHash) await tx.delete(sessions).where(and(eq(sessions.kind, 'webapp'), eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(token ?? ''))));
    return null;
  });
  if (result) return result;
  const account = await accountOf(deps, userId);
  if (!account) throw new HttpError(401, M.notSignedIn);
  return account;
}
