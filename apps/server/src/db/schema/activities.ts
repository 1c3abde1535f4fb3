import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { files } from './core';
import { epoch } from './types';

export type AnimationCategoryTranslation = { lang: string; name: string };
export type AnimationTranslation = { lang: string; name: string; content: string };

export const animationCategories = pgTable('animation_categories', {
  id: text('id').primaryKey(),
  /** 6 hex digits without '#' */
  color: text('color').notNull(),
  translations: jsonb('translations').$type<AnimationCategoryTranslation[]>().notNull(),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
});

export const animations = pgTable(
  'animations',
  {
    id: text('id').primaryKey(),
    // RESTRICT: a category holding activities is not deleted (see the categories service)
    category: text('category')
      .notNull()
      .references(() => animationCategories.id, { onDelete: 'restrict' }),
    cover: text('cover').references(() => files.id, { onDelete: 'set null' }),
    front: boolean('front').notNull().default(false),
    translations: jsonb('translations').$type<AnimationTranslation[]>().notNull(),
    // no foreign key: service benefits belong to the services area
    serviceBenefit: text('service_benefit'),
    userId: text('user_id'),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
  },
  (t) => [index('animations_category_idx').on(t.category)],
);

export const animationDates = pgTable(
  'animation_dates',
  {
    id: text('id').primaryKey(),
    animation: text('animation')
      .notNull()
      .references(() => animations.id, { onDelete: 'cascade' }),
    start: epoch('start_time').notNull(),
    end: epoch('end_time').notNull(),
  },
  (t) => [index('animation_dates_start_idx').on(t.start), index('animation_dates_animation_idx').on(t.animation)],
);
