import { asc, eq } from 'drizzle-orm';
import type { EmailTemplate } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { emailTemplates } from '../../db/schema';
import { toTemplate } from '../../platform/mail/templates.repository';

type Row = typeof emailTemplates.$inferSelect;

/** Built-ins first (pre-stay, then activation), then the establishment's own by name. */
export async function listTemplates(db: Tx): Promise<EmailTemplate[]> {
  const rows = await db.select().from(emailTemplates).orderBy(asc(emailTemplates.defaultKey), asc(emailTemplates.name));
  const rank = (r: Row) => (r.defaultKey === 'subscribe-email' ? 0 : r.defaultKey === 'confirmation-email' ? 1 : 2);
  return rows
    .sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'fr', { sensitivity: 'base' }))
    .map(toTemplate);
}

export async function findTemplate(db: Tx, id: string): Promise<EmailTemplate | null> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id)).limit(1);
  return row ? toTemplate(row) : null;
}

export const insertTemplate = (db: Tx, row: typeof emailTemplates.$inferInsert) => db.insert(emailTemplates).values(row);

export async function updateTemplate(db: Tx, id: string, set: Partial<typeof emailTemplates.$inferInsert>): Promise<EmailTemplate | null> {
  const [row] = await db.update(emailTemplates).set(set).where(eq(emailTemplates.id, id)).returning();
  return row ? toTemplate(row) : null;
}

export async function deleteTemplate(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(emailTemplates).where(eq(emailTemplates.id, id)).returning({ id: emailTemplates.id })).length > 0;
}
