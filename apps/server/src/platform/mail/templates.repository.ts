import { eq } from 'drizzle-orm';
import type { EmailDefault, EmailTemplate } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { emailTemplates } from '../../db/schema';

// The e-mail templates' table belongs to the emails area (its screens write it); the floor reads the
// built-ins it sends (the activation mail, the pre-stay mail) and the row's shape.

type Row = typeof emailTemplates.$inferSelect;

export const toTemplate = (r: Row): EmailTemplate => ({
  _id: r.id,
  name: r.name,
  default: r.defaultKey ?? null,
  translations: r.translations,
  created_time: r.createdTime,
  edited_time: r.editedTime,
});

/** A built-in template by its key (migration 0007b_email.sql makes both on every install). */
export async function findBuiltin(db: Tx, key: EmailDefault): Promise<EmailTemplate | null> {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.defaultKey, key)).limit(1);
  return row ? toTemplate(row) : null;
}
