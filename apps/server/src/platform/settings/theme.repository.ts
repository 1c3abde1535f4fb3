import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { themes } from '../../db/schema';
import { getRawEntry } from './settings.repository';

/**
 * The selected theme's first colour, null when none is selected: what the mails take of the theme. Read here
 * rather than from the themes area because platform/ never imports modules/ (mail branding needs it).
 */
export async function selectedThemeColor(db: Tx): Promise<string | null> {
  const id = (await getRawEntry<{ id: string | null }>(db, 'theme'))?.id;
  if (!id) return null;
  const [row] = await db.select({ color1: themes.color1 }).from(themes).where(eq(themes.id, id)).limit(1);
  return row?.color1 ?? null;
}
