import { eq } from 'drizzle-orm';
import type { AnimationCategory } from '@campsite/shared';
import type { Tx } from '../../db/client';
import { animationCategories, animations } from '../../db/schema';

type Row = typeof animationCategories.$inferSelect;

export function toCategory(row: Row): AnimationCategory {
  return { _id: row.id, color: row.color, translations: row.translations as AnimationCategory['translations'] };
}

export async function listCategories(db: Tx): Promise<AnimationCategory[]> {
  return (await db.select().from(animationCategories)).map(toCategory);
}

export async function findCategory(db: Tx, id: string): Promise<Row | undefined> {
  return (await db.select().from(animationCategories).where(eq(animationCategories.id, id)).limit(1))[0];
}

export async function insertCategory(db: Tx, row: typeof animationCategories.$inferInsert): Promise<Row> {
  return (await db.insert(animationCategories).values(row).returning())[0];
}

export async function updateCategory(db: Tx, id: string, set: Partial<typeof animationCategories.$inferInsert>): Promise<Row | undefined> {
  return (await db.update(animationCategories).set(set).where(eq(animationCategories.id, id)).returning())[0];
}

export async function deleteCategory(db: Tx, id: string): Promise<boolean> {
  return (await db.delete(animationCategories).where(eq(animationCategories.id, id)).returning({ id: animationCategories.id })).length > 0;
}

export async function hasAnimations(db: Tx, category: string): Promise<boolean> {
  return (await db.select({ id: animations.id }).from(animations).where(eq(animations.category, category)).limit(1)).length > 0;
}
