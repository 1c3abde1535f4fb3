import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pushSubscriptions, webappUsers } from '../../db/schema';

// The look-ups of guest accounts that several areas make, one way each (docs/architecture-notes.md
// 'People look-ups on the floor'). An area keeps only the reads that are its own: its list, its search,
// its join made in one statement for a page or a mail.

export type GuestRow = typeof webappUsers.$inferSelect;
export type GuestColumn = keyof GuestRow;

/** The columns asked for, as a select: a look-up reads only what its caller sends on. */
const columnsOf = <K extends GuestColumn>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, webappUsers[k]])) as { [P in K]: (typeof webappUsers)[P] };

/** What a mail to a guest needs of their account: the address, the names that greet them, their language. */
export const CONTACT = ['email', 'firstname', 'lastname', 'langage'] as const;
/** The same as a select's part, for an area's join made in one statement (a booking's mail, a conversation's). */
export const guestContact = columnsOf(CONTACT);

/**
 * The guest account of this id, if any: the whole row (the account area), or only `columns` (a mail's
 * recipient, the stay a guest joined, whether the account exists).
 */
export async function findGuest(db: Tx, id: string): Promise<GuestRow | undefined>;
export async function findGuest<K extends GuestColumn>(db: Tx, id: string, columns: readonly K[]): Promise<Pick<GuestRow, K> | undefined>;
export async function findGuest(db: Tx, id: string, columns?: readonly GuestColumn[]): Promise<Partial<GuestRow> | undefined> {
  const query = columns ? db.select(columnsOf(columns)) : db.select();
  return (await query.from(webappUsers).where(eq(webappUsers.id, id)).limit(1))[0];
}

/**
 * The guest account of this id, its row locked until the transaction ends: 'update' for a change of the
 * account itself; 'no key update' for a write that only needs the account to stay (a booking in its
 * name), so that a row naming it (a foreign key's KEY SHARE) does not wait on it.
 */
export async function lockGuest(tx: Tx, id: string, strength: 'update' | 'no key update'): Promise<GuestRow | undefined> {
  return (await tx.select().from(webappUsers).where(eq(webappUsers.id, id)).limit(1).for(strength))[0];
}

/**
 * The accounts of these client files (`activated`: only those that can sign in), with `columns`, oldest
 * first, in one statement whatever the number of clients.
 */
export async function guestsOfClients<K extends GuestColumn>(
  db: Tx,
  clientNumbers: string[],
  columns: readonly K[],
  only: { activated?: boolean } = {},
): Promise<Pick<GuestRow, K>[]> {
  if (!clientNumbers.length) return [];
  const ofClients = inArray(webappUsers.clientNumber, [...new Set(clientNumbers)]);
  return (await db
    .select(columnsOf(columns))
    .from(webappUsers)
    .where(only.activated ? and(ofClients, eq(webappUsers.activate, true)) : ofClients)
    .orderBy(asc(webappUsers.createdTime), asc(webappUsers.id))) as Pick<GuestRow, K>[];
}

/** Those of these ids that are guest accounts (a target named by hand: ids gone since are left out). */
export async function existingGuests(db: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (await db.select({ id: webappUsers.id }).from(webappUsers).where(inArray(webappUsers.id, [...new Set(ids)]))).map((r) => r.id);
}

/** Whether the guest has a device subscribed to pushes (a message or an invitation may go there rather than by mail). */
export async function guestHasDevice(db: Tx, userId: string): Promise<boolean> {
  return (await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1)).length > 0;
}
