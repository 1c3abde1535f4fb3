import { pgTable, text } from 'drizzle-orm/pg-core';
import { epoch } from './types';

/** An address campaigns go to: its unsubscribe link's token, and whether it unsubscribed (0011_mail.sql). */
export const emailContacts = pgTable('email_contacts', {
  email: text('email').primaryKey(),
  token: text('token').notNull().unique(),
  unsubscribedTime: epoch('unsubscribed_time'),
  createdTime: epoch('created_time').notNull(),
});
