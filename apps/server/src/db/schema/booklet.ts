import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { CategoryType, IconVariant } from '@campsite/shared';
import { epoch } from './types';

/** The welcome booklet (001 §3); the foreign keys and checks are in drizzle/0002_booklet.sql. */
export const icons = pgTable(
  'icons',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    lineal: jsonb('lineal').$type<IconVariant[]>().notNull(),
    fill: jsonb('fill').$type<IconVariant[]>().notNull(),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
  },
  (t) => [index('icons_name_idx').on(t.name)],
);

export type GroupTranslation = { lang: string; name: string; prefix: string };
export const bookletGroups = pgTable('booklet_groups', {
  id: text('id').primaryKey(),
  icon: text('icon').notNull(),
  translations: jsonb('translations').$type<GroupTranslation[]>().notNull(),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
});

export type CategoryTranslation = { lang: string; name: string; suffix: string; url: string };
export const bookletCategories = pgTable(
  'booklet_categories',
  {
    id: text('id').primaryKey(),
    groupId: text('group_id').notNull(),
    type: text('type').$type<CategoryType>().notNull(),
    icon: text('icon').notNull(),
    sortOrder: integer('sort_order').notNull(),
    translations: jsonb('translations').$type<CategoryTranslation[]>().notNull(),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
  },
  (t) => [index('booklet_categories_group_idx').on(t.groupId, t.sortOrder)],
);

/** A section as stored; its key and order are its index, its prev comes from its icon. */
export interface StoredSection {
  icon: string;
  phone: string;
  email: string;
  website: string;
  localisation: string;
  facebook: string;
  instagram: string;
  translations: { lang: string; title: string; html: string }[];
}
export type PageTranslation = { lang: string; name: string; category_name: string; title: string };
export const bookletPages = pgTable('booklet_pages', {
  id: text('id').primaryKey(),
  categoryId: text('category_id').unique(),
  cover: text('cover'),
  sections: jsonb('sections').$type<StoredSection[]>().notNull(),
  service: text('service'),
  link: text('link'),
  translations: jsonb('translations').$type<PageTranslation[]>().notNull(),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
});

export interface StoredElement {
  icon: string;
  page: string;
  translations: { lang: string; text: string }[];
}
export const bookletLists = pgTable('booklet_lists', {
  id: text('id').primaryKey(),
  categoryId: text('category_id').notNull().unique(),
  cover: text('cover'),
  elements: jsonb('elements').$type<StoredElement[]>().notNull(),
  translations: jsonb('translations').$type<{ lang: string; name: string }[]>().notNull(),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
});
