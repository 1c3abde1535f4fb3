import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, unique } from 'drizzle-orm/pg-core';
import type { InventoryStatus, InventoryType, Lang } from '@campsite/shared';
import { files } from './core';
import { stays } from './people';
import { epoch } from './types';

/** Accommodation types and inventories (002 §3, issue 23); checks and indexes in drizzle/0016_inventories.sql. */

export interface Names {
  lang: Lang;
  name: string;
}
export interface StoredObject {
  _id: string;
  translations: Names[];
  quantity: number;
  /** cents, 0 when none */
  price: number;
}
export interface StoredReview {
  _id: string;
  translations: Names[];
}
export interface StoredCategory {
  _id: string;
  translations: Names[];
  objects: StoredObject[];
  reviews: StoredReview[];
}
/** Who did something; null is the establishment. */
export interface Actor {
  _id: string;
  name: string;
  kind: 'staff' | 'guest';
}

export const accommodations = pgTable('accommodations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  deposit: boolean('deposit').notNull().default(false),
  categories: jsonb('categories').$type<string[]>().notNull().default([]),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
  /** raised by each save of its name and PMS categories; a save from another one is a 409 (drizzle/0023b, http/revision.ts) */
  revision: integer('revision').notNull().default(1),
});

export const accommodationCategories = pgTable(
  'accommodation_categories',
  {
    id: text('id').primaryKey(),
    accommodationId: text('accommodation_id')
      .notNull()
      .references(() => accommodations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    translations: jsonb('translations').$type<Names[]>().notNull(),
    objects: jsonb('objects').$type<StoredObject[]>().notNull().default([]),
    reviews: jsonb('reviews').$type<StoredReview[]>().notNull().default([]),
    /** raised by each save of the category (its names, its items); a save from another one is a 409 (0023b) */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [index('accommodation_categories_accommodation_idx').on(t.accommodationId, t.position)],
);

export const inventories = pgTable(
  'inventories',
  {
    id: text('id').primaryKey(),
    stayNumber: text('stay_number')
      .notNull()
      .references(() => stays.stayNumber, { onDelete: 'cascade', onUpdate: 'cascade' }),
    type: text('type').$type<InventoryType>().notNull(),
    accommodationId: text('accommodation_id'),
    accommodationName: text('accommodation_name'),
    setup: jsonb('setup').$type<StoredCategory[]>().notNull(),
    status: text('status').$type<InventoryStatus>().notNull(),
    createUser: jsonb('create_user').$type<Actor | null>(),
    updateUser: jsonb('update_user').$type<Actor | null>(),
    createTime: epoch('create_time').notNull(),
    updateTime: epoch('update_time').notNull(),
    confirmedUser: jsonb('confirmed_user').$type<Actor | null>(),
    confirmedTime: epoch('confirmed_time'),
  },
  (t) => [unique().on(t.stayNumber, t.type), index('inventories_update_idx').on(t.updateTime)],
);

export const inventoryValues = pgTable(
  'inventory_values',
  {
    inventoryId: text('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    count: integer('count'),
    notCounted: boolean('not_counted').notNull().default(false),
    condition: smallint('condition'),
    cleanliness: smallint('cleanliness'),
    at: epoch('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.inventoryId, t.itemId] })],
);

export const inventoryPictures = pgTable(
  'inventory_pictures',
  {
    id: text('id').primaryKey(),
    inventoryId: text('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cover: boolean('cover').notNull().default(false),
    userRef: jsonb('user_ref').$type<Actor | null>(),
    createdTime: epoch('created_time').notNull(),
    /** the order of writing, photos of one second included (0016b) */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('inventory_pictures_inventory_idx').on(t.inventoryId, t.createdTime)],
);

export const inventoryComments = pgTable(
  'inventory_comments',
  {
    id: text('id').primaryKey(),
    inventoryId: text('inventory_id')
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    key: text('key'),
    userRef: jsonb('user_ref').$type<Actor | null>(),
    comment: text('comment').notNull(),
    time: epoch('time').notNull(),
    /** the order of writing, comments of one second included (0016b) */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [unique().on(t.inventoryId, t.key), index('inventory_comments_inventory_idx').on(t.inventoryId, t.time)],
);
