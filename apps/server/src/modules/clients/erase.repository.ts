import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients, emailRecipients, loginAttempts, loginKnown, notificationDeliveries, notificationSends, prestayEmails, pushSubscriptions, sessions, stays, throttleHits, visitLogs, webappUsers } from '../../db/schema';

// Drizzle only: the statements of a client's erasure (erase.service.ts says what goes and why, in which order).

/** The client's row (number and addresses), locked until the erasure's transaction ends. */
export async function lockClientForErasure(tx: Tx, clientNumber: string) {
  const [client] = await tx
    .select({ number: clients.clientNumber, email1: clients.email1, email2: clients.email2 })
    .from(clients)
    .where(eq(clients.clientNumber, clientNumber))
    .for('update');
  return client;
}

/** The numbers of the client's stays, their rows locked. */
export async function lockStaysOf(tx: Tx, clientNumber: string) {
  return (await tx.select({ n: stays.stayNumber }).from(stays).where(eq(stays.clientNumber, clientNumber)).for('update')).map((r) => r.n);
}

/** The guest accounts of the client's file or of one of its stays, locked. */
export async function lockAccountsOf(tx: Tx, clientNumber: string, stayNumbers: string[]) {
  const ofClient = stayNumbers.length
    ? or(eq(webappUsers.clientNumber, clientNumber), inArray(webappUsers.stayNumber, stayNumbers))
    : eq(webappUsers.clientNumber, clientNumber);
  return tx.select({ id: webappUsers.id, email: webappUsers.email }).from(webappUsers).where(ofClient).for('update');
}

/**
 * What points at these accounts: their sessions (signed out at once), push subscriptions, visits' owner;
 * their pending pushes go, and the pushes sent keep their counts without them (as the mail history).
 */
export async function detachAccounts(tx: Tx, ids: string[]) {
  await tx.delete(sessions).where(and(eq(sessions.kind, 'webapp'), inArray(sessions.userId, ids)));
  await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids));
  await tx.update(visitLogs).set({ userId: null }).where(inArray(visitLogs.userId, ids));
  await tx.delete(notificationDeliveries).where(and(inArray(notificationDeliveries.userId, ids), eq(notificationDeliveries.status, 'pending')));
  await tx.update(notificationDeliveries).set({ userId: null, endpoint: '', keys: { p256dh: '', auth: '' } }).where(inArray(notificationDeliveries.userId, ids));
  await tx.update(notificationSends).set({ userId: null }).where(inArray(notificationSends.userId, ids));
}

/**
 * Blanks the mail recipients of this client or its accounts, and the rows naming one of their addresses
 * without an owner; those not sent yet are cancelled.
 */
export async function blankRecipients(tx: Tx, clientNumber: string, ids: string[], addresses: string[]) {
  const theirs = or(
    eq(emailRecipients.clientNumber, clientNumber),
    ids.length ? inArray(emailRecipients.userId, ids) : undefined,
    addresses.length
      ? and(isNull(emailRecipients.clientNumber), isNull(emailRecipients.userId), sql`lower(${emailRecipients.email}) = ANY(${sql.param(addresses)}::text[])`)
      : undefined,
  );
  await tx
    .update(emailRecipients)
    .set({
      email: '',
      firstname: '',
      lastname: '',
      code: null,
      lang: null,
      clientNumber: null,
      userId: null,
      status: sql`CASE WHEN ${emailRecipients.status} = 'pending' THEN 'cancelled' ELSE ${emailRecipients.status} END`,
      error: null,
    })
    .where(theirs);
}

/** The throttles' rows naming these addresses (lower-cased): mail counts, sign-in attempts, known sign-ins. */
export async function forgetAddresses(tx: Tx, addresses: string[]) {
  await tx.delete(throttleHits).where(inArray(throttleHits.bucket, addresses.map((a) => `mail:${a}`)));
  const logins = addresses.map((a) => `webapp:${a}`);
  await tx.delete(loginAttempts).where(inArray(loginAttempts.login, logins));
  await tx.delete(loginKnown).where(inArray(loginKnown.login, logins));
}

/** The queued jobs of this kind whose payload names one of these accounts (`user`). */
export async function deletePrestayOf(tx: Tx, stayNumbers: string[]) {
  await tx.delete(prestayEmails).where(inArray(prestayEmails.stayNumber, stayNumbers));
}

export async function deleteAccounts(tx: Tx, ids: string[]) {
  await tx.delete(webappUsers).where(inArray(webappUsers.id, ids));
}

/** The client's stays, then their file. */
export async function deleteClientAndStays(tx: Tx, clientNumber: string) {
  await tx.delete(stays).where(eq(stays.clientNumber, clientNumber));
  await tx.delete(clients).where(eq(clients.clientNumber, clientNumber));
}
