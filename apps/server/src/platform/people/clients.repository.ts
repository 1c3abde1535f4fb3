import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { clients, stays } from '../../db/schema';

// The look-ups of client files and stays that several areas make (docs/architecture-notes.md 'People
// look-ups on the floor'). The client area keeps its lists, its search and the client card.

/** A stay's number, client, place and days: the columns every reader of a stay starts with (the client area's list, an inventory). */
export const stayPlaceColumns = {
  stayNumber: stays.stayNumber,
  clientNumber: stays.clientNumber,
  location: stays.location,
  locationCategory: stays.locationCategory,
  arrival: stays.arrival,
  departure: stays.departure,
};

/** A stay with the names, addresses and language of its client file (an inventory and a deposit show them). */
export async function stayWithClient(db: Tx, stayNumber: string) {
  const rows = await db
    .select({
      ...stayPlaceColumns,
      firstname: clients.firstname,
      lastname: clients.lastname,
      email1: clients.email1,
      email2: clients.email2,
      langage: clients.langage,
    })
    .from(stays)
    .innerJoin(clients, eq(clients.clientNumber, stays.clientNumber))
    .where(eq(stays.stayNumber, stayNumber))
    .limit(1);
  return rows[0];
}
export type StayWithClient = NonNullable<Awaited<ReturnType<typeof stayWithClient>>>;

/** Whom a mail to a client file greets: its first address, names and language. */
export async function clientContact(db: Tx, clientNumber: string) {
  const [row] = await db
    .select({ email: clients.email1, firstname: clients.firstname, lastname: clients.lastname, langage: clients.langage })
    .from(clients)
    .where(eq(clients.clientNumber, clientNumber))
    .limit(1);
  return row;
}
