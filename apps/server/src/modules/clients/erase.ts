import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DashboardUser } from '@campsite/shared';
import { clients, emailRecipients, jobs, loginAttempts, loginKnown, notificationDeliveries, notificationSends, prestayEmails, pushSubscriptions, sessions, stays, throttleHits, visitLogs, webappUsers } from '../../db/schema';
import type { Deps } from '../../http/deps';
import { newId } from '../../lib/ids';
import { accountMailJob } from '../account/account.jobs';
import { insertEntry } from '../audit/audit.repository';
import { forgetBookingsOf } from '../services/privacy';

/**
 * Erases a client (GDPR, issue 20): their file, their stays, the guest accounts of that file or of its
 * stays, and what points at those accounts (sessions: the guests are signed out at once; push
 * subscriptions; account links, by cascade). The mail history keeps its counts but loses the person:
 * their recipient rows are blanked, and those not sent yet are cancelled. Pre-stay bookkeeping of the
 * stays goes, visits lose their account; the throttles' rows naming their addresses (sign-in attempts,
 * mail counts) and their accounts' mail jobs go too. One transaction, the client's row locked first; the audit log
 * says who erased which client number, with how many stays and accounts, never a name.
 * False for an unknown client (nothing written).
 */
export async function eraseClient(deps: Deps, actor: DashboardUser, clientNumber: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [client] = await tx
      .select({ number: clients.clientNumber, email1: clients.email1, email2: clients.email2 })
      .from(clients)
      .where(eq(clients.clientNumber, clientNumber))
      .for('update');
    if (!client) return false;
    const stayNumbers = (await tx.select({ n: stays.stayNumber }).from(stays).where(eq(stays.clientNumber, clientNumber)).for('update')).map((r) => r.n);
    const ofClient = stayNumbers.length
      ? or(eq(webappUsers.clientNumber, clientNumber), inArray(webappUsers.stayNumber, stayNumbers))
      : eq(webappUsers.clientNumber, clientNumber);
    const accounts = await tx.select({ id: webappUsers.id, email: webappUsers.email }).from(webappUsers).where(ofClient).for('update');
    const ids = accounts.map((a) => a.id);

    if (ids.length) {
      await tx.delete(sessions).where(and(eq(sessions.kind, 'webapp'), inArray(sessions.userId, ids)));
      await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.userId, ids));
      await tx.update(visitLogs).set({ userId: null }).where(inArray(visitLogs.userId, ids));
      // push: nothing more goes to their devices, and what went keeps its counts without them (as the mail history)
      await tx.delete(notificationDeliveries).where(and(inArray(notificationDeliveries.userId, ids), eq(notificationDeliveries.status, 'pending')));
      await tx.update(notificationDeliveries).set({ userId: null, endpoint: '', keys: { p256dh: '', auth: '' } }).where(inArray(notificationDeliveries.userId, ids));
      await tx.update(notificationSends).set({ userId: null }).where(inArray(notificationSends.userId, ids));
    }
    // bookings (issue 22): the places stay taken, nothing names the person
    await forgetBookingsOf(tx, ids, clientNumber);
    // recipients of this client or its accounts, and rows that name one of their addresses without an owner
    const addresses = [client.email1, client.email2, ...accounts.map((a) => a.email)].filter((e): e is string => !!e?.trim()).map((e) => e.trim().toLowerCase());
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
    if (addresses.length) {
      await tx.delete(throttleHits).where(inArray(throttleHits.bucket, addresses.map((a) => `mail:${a}`)));
      const logins = addresses.map((a) => `webapp:${a}`);
      await tx.delete(loginAttempts).where(inArray(loginAttempts.login, logins));
      await tx.delete(loginKnown).where(inArray(loginKnown.login, logins));
    }
    if (ids.length) await tx.delete(jobs).where(and(eq(jobs.kind, accountMailJob.kind), sql`${jobs.payload}->>'user' = ANY(${sql.param(ids)}::text[])`));
    if (stayNumbers.length) await tx.delete(prestayEmails).where(inArray(prestayEmails.stayNumber, stayNumbers));
    if (ids.length) await tx.delete(webappUsers).where(inArray(webappUsers.id, ids));
    await tx.delete(stays).where(eq(stays.clientNumber, clientNumber));
    await tx.delete(clients).where(eq(clients.clientNumber, clientNumber));
    await insertEntry(tx, {
      id: newId(),
      time: deps.now(),
      actorId: actor._id,
      actorUsername: actor.username,
      targetId: clientNumber,
      targetUsername: clientNumber,
      targetKind: 'client',
      changes: ['erasure'],
      detail: { stays: { from: stayNumbers.length, to: 0 }, accounts: { from: ids.length, to: 0 } },
    });
    return true;
  });
}
