import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients, prestayEmails, stays } from '../../db/schema';

/** The stays arriving in [from, to) with their client's address, name, code and language. */
export function arrivalsBetween(db: Tx, from: number, to: number) {
  return db
    .select({
      stayNumber: stays.stayNumber,
      arrival: stays.arrival,
      arrivalTime: stays.arrivalTime,
      clientNumber: clients.clientNumber,
      email1: clients.email1,
      email2: clients.email2,
      firstname: clients.firstname,
      lastname: clients.lastname,
      code: clients.activationCode,
      langage: clients.langage,
    })
    .from(stays)
    .innerJoin(clients, eq(clients.clientNumber, stays.clientNumber))
    .where(and(gte(stays.arrival, from), lt(stays.arrival, to)));
}

/** The (stay, days before arrival) pairs already handled among these stays. */
export async function handledDays(db: Tx, stayNumbers: string[]): Promise<{ stay: string; n: number }[]> {
  if (!stayNumbers.length) return [];
  return db.select({ stay: prestayEmails.stayNumber, n: prestayEmails.nbdays }).from(prestayEmails).where(inArray(prestayEmails.stayNumber, stayNumbers));
}

/** Marks these days of a stay handled; answers those this call took (another scan may have taken some first). */
export async function claimDays(tx: Tx, stayNumber: string, days: number[], now: number): Promise<number[]> {
  const mine = await tx
    .insert(prestayEmails)
    .values(days.map((n) => ({ stayNumber, nbdays: n, campaignId: null, createdTime: now })))
    .onConflictDoNothing()
    .returning({ n: prestayEmails.nbdays });
  return mine.map((m) => m.n);
}

export async function setDayCampaign(tx: Tx, stayNumber: string, days: number, campaignId: string) {
  await tx.update(prestayEmails).set({ campaignId }).where(and(eq(prestayEmails.stayNumber, stayNumber), eq(prestayEmails.nbdays, days)));
}
