import { eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { serviceBenefits, serviceReservations, services, webappUsers } from '../../db/schema';

// Drizzle only: what a booking reads beyond the services area's own rows (services.repository.ts), the
// guest it names, its confirmation mail's parts, a client's erasure.

/** The guest app account of this id, if any (a staff booking for a guest). */
export async function findGuestAccount(tx: Tx, id: string): Promise<{ id: string } | undefined> {
  return (await tx.select({ id: webappUsers.id }).from(webappUsers).where(eq(webappUsers.id, id)).limit(1))[0];
}

/** A booking with its service, benefit and guest (the confirmation mail); undefined when one is gone. */
export async function bookingForMail(db: Tx, reservationId: string) {
  const [row] = await db
    .select({ r: serviceReservations, service: services, benefit: serviceBenefits, guest: webappUsers })
    .from(serviceReservations)
    .innerJoin(services, eq(services.id, serviceReservations.service))
    .innerJoin(serviceBenefits, eq(serviceBenefits.id, serviceReservations.benefit))
    .innerJoin(webappUsers, eq(webappUsers.id, serviceReservations.userId))
    .where(eq(serviceReservations.id, reservationId))
    .limit(1);
  return row;
}

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
