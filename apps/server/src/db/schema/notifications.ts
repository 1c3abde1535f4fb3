import { boolean, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { NotificationTranslation, Redirect, Target } from '@campsite/shared';
import { epoch } from './types';

/** Push notifications (002 §3, issue 21); checks and indexes in drizzle/0013_notifications.sql. */
export const notificationConfig = pgTable('notification_config', {
  id: integer('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  quietStart: text('quiet_start').notNull(),
  quietEnd: text('quiet_end').notNull(),
  editedTime: epoch('edited_time').notNull(),
});

export const notificationTemplates = pgTable('notification_templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  redirect: jsonb('redirect').$type<Redirect>().notNull(),
  translations: jsonb('translations').$type<NotificationTranslation[]>().notNull(),
  userId: text('user_id'),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
});

export type SendKind = 'now' | 'scheduled' | 'user' | 'auto';
export type SendStatus = 'scheduled' | 'sending' | 'sent' | 'cancelled';

export const notificationSends = pgTable('notification_sends', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<SendKind>().notNull(),
  status: text('status').$type<SendStatus>().notNull(),
  translations: jsonb('translations').$type<NotificationTranslation[]>().notNull(),
  redirect: jsonb('redirect').$type<Redirect>().notNull(),
  target: jsonb('target').$type<Target>().notNull(),
  template: text('template'),
  quiet: boolean('quiet').notNull(),
  sendTime: epoch('send_time').notNull(),
  waitingUntil: epoch('waiting_until'),
  targeted: integer('targeted').notNull().default(0),
  userId: text('user_id'),
  sentTime: epoch('sent_time'),
  cancelledTime: epoch('cancelled_time'),
  cancelledBy: text('cancelled_by'),
  createdTime: epoch('created_time').notNull(),
  updatedTime: epoch('updated_time').notNull(),
});

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'gone' | 'cancelled';

export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    sendId: text('send_id').notNull().references(() => notificationSends.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    userId: text('user_id'),
    endpoint: text('endpoint').notNull(),
    keys: jsonb('keys').$type<{ p256dh: string; auth: string }>().notNull(),
    lang: text('lang'),
    status: text('status').$type<DeliveryStatus>().notNull(),
    error: text('error'),
    deliveredTime: epoch('delivered_time'),
    openedTime: epoch('opened_time'),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.position] })],
);
