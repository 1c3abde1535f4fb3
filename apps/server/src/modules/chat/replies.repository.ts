import { eq } from 'drizzle-orm';
import type { ChatReply } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { chatReplies } from '../../db/schema';

/** Saved replies (issue 33): a small list, read whole (a campsite keeps a few dozen). */

const COLUMNS = { _id: chatReplies.id, name: chatReplies.name, translations: chatReplies.translations };

export function readReplies(db: Tx): Promise<ChatReply[]> {
  return db.select(COLUMNS).from(chatReplies).limit(1000);
}

export async function findReply(db: Tx, id: string): Promise<ChatReply | null> {
  const [row] = await db.select(COLUMNS).from(chatReplies).where(eq(chatReplies.id, id)).limit(1);
  return row ?? null;
}

export async function insertReply(tx: Tx, row: typeof chatReplies.$inferInsert) {
  await tx.insert(chatReplies).values(row);
}

export async function updateReply(tx: Tx, id: string, set: Partial<typeof chatReplies.$inferInsert>) {
  const rows = await tx.update(chatReplies).set(set).where(eq(chatReplies.id, id)).returning({ id: chatReplies.id });
  return rows.length > 0;
}

export async function deleteReply(tx: Tx, id: string) {
  const rows = await tx.delete(chatReplies).where(eq(chatReplies.id, id)).returning({ id: chatReplies.id });
  return rows.length > 0;
}
