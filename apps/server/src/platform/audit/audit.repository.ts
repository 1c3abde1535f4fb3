import type { Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** Written with the change, in its transaction: a change is never without its row, nor a row without its change. */
export async function insertEntry(tx: Tx, row: typeof auditLog.$inferInsert) {
  await tx.insert(auditLog).values(row);
}
