import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { emailContacts } from '../../db/schema';
import { newToken } from '../../http/session';

export type Contact = typeof emailContacts.$inferSelect;
const keyOf = (email: string) => email.trim().toLowerCase();

/** The contacts of these addresses, created with a new token where missing (one statement each way). */
export async function contactsOf(db: Tx, emails: string[], now: number): Promise<Map<string, Contact>> {
  const keys = [...new Set(emails.map(keyOf))];
  if (keys.length === 0) return new Map();
  await db
    .insert(emailContacts)
    .values(keys.map((email) => ({ email, token: newToken(), createdTime: now })))
    .onConflictDoNothing({ target: emailContacts.email });
  const rows = await db.select().from(emailContacts).where(inArray(emailContacts.email, keys));
  return new Map(rows.map((r) => [r.email, r]));
}

export const contactOf = (contacts: Map<string, Contact>, email: string) => contacts.get(keyOf(email));

export async function findByToken(db: Tx, token: string): Promise<Contact | undefined> {
  return (await db.select().from(emailContacts).where(eq(emailContacts.token, token)).limit(1))[0];
}

/** Unsubscribes the address of this token (once: the first time is kept); answers its contact, or undefined. */
export async function unsubscribe(db: Tx, token: string, now: number): Promise<Contact | undefined> {
  await db
    .update(emailContacts)
    .set({ unsubscribedTime: now })
    .where(and(eq(emailContacts.token, token), isNull(emailContacts.unsubscribedTime)));
  return findByToken(db, token);
}
