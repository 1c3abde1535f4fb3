import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { webappUsers } from '../../db/schema';

// The guest app account looked up by its id, one way for every area (the account area, bookings,
// notifications, deposits read it): the areas keep only the reads that are theirs (a list, a search).

export type GuestRow = typeof webappUsers.$inferSelect;

/** The guest account of this id, if any. */
export async function findGuest(db: Tx, id: string): Promise<GuestRow | undefined> {
  return (await db.select().from(webappUsers).where(eq(webappUsers.id, id)).limit(1))[0];
}

/**
 * The guest account of this id, its row locked until the transaction ends: 'update' for a change of the
 * account itself; 'no key update' for a write that only needs the account to stay (a booking in its
 * name), so that a row naming it (a foreign key's KEY SHARE) does not wait on it.
 */
export async function lockGuest(tx: Tx, id: string, strength: 'update' | 'no key update'): Promise<GuestRow | undefined> {
  return (await tx.select().from(webappUsers).where(eq(webappUsers.id, id)).limit(1).for(strength))[0];
}
