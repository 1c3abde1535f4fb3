import { eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { serviceReservations } from '../../db/schema';

/**
 * A client's erasure (clients/erase.ts) reaches their bookings: the guest accounts' and those made under
 * the client number keep their place on the planning (the slot was taken) without anything naming the
 * person: no account, identity, age, phone, client number or answers.
 */
export async function forgetBookingsOf(tx: Tx, accounts: string[], clientNumber: string) {
  await tx
    .update(serviceReservations)
    .set({ userId: null, identity: null, age: null, phone: null, clientNumber: null, answers: [] })
    .where(or(eq(serviceReservations.clientNumber, clientNumber), accounts.length ? inArray(serviceReservations.userId, accounts) : undefined));
}
