import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CampaignStatus, EmailDefault, EmailTranslation } from '@campsite/shared';
import { epoch } from './types';

/** E-mails (002 §3); indexes, checks and the built-in templates are in drizzle/0007b_email.sql. */
export const emailTemplates = pgTable('email_templates', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  defaultKey: text('default_key').$type<EmailDefault>().unique(),
  translations: jsonb('translations').$type<EmailTranslation[]>().notNull(),
  createdTime: epoch('created_time').notNull(),
  editedTime: epoch('edited_time').notNull(),
});

export type CampaignKind = 'campaign' | 'prestay';

export const emailCampaigns = pgTable('email_campaigns', {
  id: text('id').primaryKey(),
  kind: text('kind').$type<CampaignKind>().notNull(),
  template: text('template'),
  translations: jsonb('translations').$type<EmailTranslation[]>().notNull(),
  sendTime: epoch('send_time').notNull(),
  status: text('status').$type<CampaignStatus>().notNull(),
  total: integer('total').notNull(),
  sentCount: integer('sent_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  /** addresses sent again after a process died between their send and its record (0026) */
  twiceCount: integer('twice_count').notNull().default(0),
  userId: text('user_id'),
  sentTime: epoch('sent_time'),
  cancelledTime: epoch('cancelled_time'),
  cancelledBy: text('cancelled_by'),
  createdTime: epoch('created_time').notNull(),
  updatedTime: epoch('updated_time').notNull(),
});

export type RecipientStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

export const emailRecipients = pgTable(
  'email_recipients',
  {
    campaignId: text('campaign_id').notNull().references(() => emailCampaigns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    clientNumber: text('client_number'),
    email: text('email').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    code: text('code'),
    lang: text('lang'),
    userId: text('user_id'),
    status: text('status').$type<RecipientStatus>().notNull(),
    error: text('error'),
    sentTime: epoch('sent_time'),
    /** sends begun whose outcome was not recorded after (0026): 2 or more once sent means perhaps twice */
    sends: integer('sends').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.position] })],
);

export const prestayEmails = pgTable(
  'prestay_emails',
  {
    stayNumber: text('stay_number').notNull(),
    nbdays: integer('nbdays').notNull(),
    campaignId: text('campaign_id'),
    createdTime: epoch('created_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stayNumber, t.nbdays] })],
);
