import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { epoch } from './types';

/**
 * The guest app's appearance: colour themes and home-page modules. The selected theme, the logo and
 * the bottom menu are single documents of the config table (keys 'theme', 'logo', 'menu').
 */
export const themes = pgTable(
  'themes',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    color1: text('color1').notNull(),
    color2: text('color2').notNull(),
    color3: text('color3').notNull(),
    color4: text('color4').notNull(),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
  },
  // the drop-down lists themes by name: two alike would be indistinguishable
  (t) => [uniqueIndex('themes_name_idx').on(sql`lower(${t.name})`)],
);

export type ModuleType = 'animation' | 'group' | 'page' | 'list';
export type ModuleValues = { group?: string; page?: string; category?: string | null; list?: string };
export type ModuleTranslation = { lang: string; title: string; subtitle?: string };

export const modules = pgTable(
  'modules',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<ModuleType>().notNull(),
    order: integer('sort_order').notNull(),
    // no foreign key: a module points at a rubric, page or list of the booklet, which may go away
    values: jsonb('values').$type<ModuleValues>().notNull(),
    translations: jsonb('translations').$type<ModuleTranslation[]>().notNull(),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
  },
  (t) => [index('modules_order_idx').on(t.order)],
);
