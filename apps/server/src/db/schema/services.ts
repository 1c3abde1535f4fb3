import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { BenefitQuestion, Lang, OpenDate, OpenHours } from '@campsite/shared';
import { files, webappUsers } from './core';
import { epoch } from './types';

/** Services and bookings (001 §3, issue 22); checks and indexes in drizzle/0015_services.sql. */

export type ServiceTranslationRow = { lang: Lang; title: string; location: string };
export type BenefitTranslationRow = { lang: Lang; subtitle: string; description: string; comment: string; location: string };
export type ProductTranslationRow = { lang: Lang; subtitle: string; description: string };

const timing = {
  durationHour: integer('duration_hour').notNull().default(0),
  durationMinute: integer('duration_minute').notNull().default(0),
  intervalHour: integer('interval_hour').notNull().default(0),
  intervalMinute: integer('interval_minute').notNull().default(0),
};

export const services = pgTable('services', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  cover: text('cover').references(() => files.id, { onDelete: 'set null' }),
  type: text('type').$type<'prestation' | 'vente' | 'location'>().notNull(),
  paymentLink: text('payment_link'),
  translations: jsonb('translations').$type<ServiceTranslationRow[]>().notNull(),
  comment: text('comment'),
  listMode: boolean('list_mode').notNull().default(false),
  userId: text('user_id'),
  ...timing,
  limitEnd: integer('limit_end').notNull().default(0),
  /** places one guest may hold per day of this service (drizzle/0022) */
  guestDayPlaces: integer('guest_day_places').notNull().default(6),
  /** days before a stay's arrival day its guest may book */
  daysBeforeArrival: integer('days_before_arrival').notNull().default(1),
  openDates: jsonb('open_dates').$type<OpenDate[]>().notNull(),
  openHours: jsonb('open_hours').$type<OpenHours[]>().notNull(),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
  /** raised by each save of its own form; a save from another one is a 409 (drizzle/0023b, http/revision.ts) */
  revision: integer('revision').notNull().default(1),
  /** the same for its slot settings' form ('Paramètres des créneaux') */
  slotsRevision: integer('slots_revision').notNull().default(1),
});

export const serviceBenefits = pgTable(
  'service_benefits',
  {
    id: text('id').primaryKey(),
    service: text('service')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    icon: text('icon').notNull(),
    showPrice: boolean('show_price').notNull(),
    /** cents */
    price: integer('price').notNull(),
    ...timing,
    confirmation: boolean('confirmation').notNull(),
    simultaneous: integer('simultaneous'),
    clientNumber: boolean('client_number').notNull(),
    identity: boolean('identity').notNull(),
    age: boolean('age').notNull(),
    phone: boolean('phone').notNull(),
    openDates: jsonb('open_dates').$type<OpenDate[]>().notNull(),
    openHours: jsonb('open_hours').$type<OpenHours[]>().notNull(),
    questions: jsonb('questions').$type<BenefitQuestion[]>().notNull(),
    translations: jsonb('translations').$type<BenefitTranslationRow[]>().notNull(),
    userId: text('user_id'),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
    /** raised by each save of its forms; a save from another one is a 409 (drizzle/0023b, http/revision.ts) */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [index('service_benefits_service_idx').on(t.service)],
);

export const serviceWorkers = pgTable(
  'service_workers',
  {
    id: text('id').primaryKey(),
    service: text('service')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    workingDates: jsonb('working_dates').$type<OpenDate[]>().notNull(),
    workingHours: jsonb('working_hours').$type<OpenHours[]>().notNull(),
    /** the benefit ids offered */
    benefits: text('benefits').array().notNull(),
    userId: text('user_id'),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
    /** raised by each save of its forms; a save from another one is a 409 (drizzle/0023b, http/revision.ts) */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [index('service_workers_service_idx').on(t.service)],
);

export const serviceProducts = pgTable(
  'service_products',
  {
    id: text('id').primaryKey(),
    service: text('service')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    icon: text('icon').notNull(),
    /** cents */
    price: integer('price').notNull(),
    /** null = unlimited; never below zero (CHECK) */
    stock: integer('stock'),
    /** the most one order may take (drizzle/0022) */
    orderMax: integer('order_max').notNull().default(10),
    translations: jsonb('translations').$type<ProductTranslationRow[]>().notNull(),
    userId: text('user_id'),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
    /** raised by each save of its forms; a save from another one is a 409 (drizzle/0023b, http/revision.ts) */
    revision: integer('revision').notNull().default(1),
  },
  (t) => [index('service_products_service_idx').on(t.service)],
);

export const serviceReservations = pgTable(
  'service_reservations',
  {
    id: text('id').primaryKey(),
    service: text('service')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    worker: text('worker')
      .notNull()
      .references(() => serviceWorkers.id, { onDelete: 'cascade' }),
    benefit: text('benefit')
      .notNull()
      .references(() => serviceBenefits.id, { onDelete: 'cascade' }),
    start: epoch('start_time').notNull(),
    end: epoch('end_time').notNull(),
    answers: jsonb('answers').$type<string[]>().notNull(),
    userId: text('user_id').references(() => webappUsers.id, { onDelete: 'set null' }),
    clientNumber: text('client_number'),
    identity: text('identity'),
    age: integer('age'),
    phone: text('phone'),
    source: text('source').$type<'dashboard' | 'webapp'>().notNull(),
    createdTime: epoch('created_time').notNull(),
  },
  (t) => [
    index('service_reservations_service_start_idx').on(t.service, t.start),
    index('service_reservations_worker_start_idx').on(t.worker, t.start),
    index('service_reservations_user_start_idx').on(t.userId, t.start),
    index('service_reservations_benefit_idx').on(t.benefit),
  ],
);

export const serviceOrders = pgTable(
  'service_orders',
  {
    id: text('id').primaryKey(),
    product: text('product')
      .notNull()
      .references(() => serviceProducts.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => webappUsers.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    createdTime: epoch('created_time').notNull(),
  },
  (t) => [index('service_orders_product_idx').on(t.product)],
);
