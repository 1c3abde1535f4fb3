import { asc, eq } from 'drizzle-orm';
import type { EmailDefault, EmailTemplate } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { emailTemplates } from '../../db/schema';

type Row = typeof emailTemplates.$inferSelect;

export const toTemplate = (r: Row): EmailTemplate => ({
  _id: r.id,
  name: r.name,
  default: r.defaultKey ?? null,
  translations: r.translations,
  created_time: r.createdTime,
  edited_time: r.editedTime,
});

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

export async function findBuiltin(db: Tx, key: EmailDefault): Promise<EmailTemplate | null> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.defaultKey, key)).limit(1);
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
