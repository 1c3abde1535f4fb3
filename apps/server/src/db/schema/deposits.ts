import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { stays } from './people';
import { epoch } from './types';

/**
 * Deposits through Swikly (002 §3 'Deposit', issue 25); checks and indexes in drizzle/0018_deposits.sql.
 * One row per stay, made by the scan that finds the stays due for a request (deposits.jobs.ts): the unique
 * stay number is what makes the request once, whichever instance scans.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: text('id').primaryKey(),
    stayNumber: text('stay_number')
      .notNull()
      .unique()
      .references(() => stays.stayNumber, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** 'OK' accepted, '' not deposited yet, else the provider's word (002 §4) */
    status: text('status').notNull().default(''),
    /** cents */
    amount: integer('amount').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    lang: text('lang').notNull(),
    reference: text('reference'),
    link: text('link'),
    error: text('error'),
    settlement: text('settlement').$type<'released' | 'claimed'>(),
    /** cents */
    claimed: integer('claimed'),
    settledTime: epoch('settled_time'),
    settledBy: text('settled_by'),
    createdTime: epoch('created_time').notNull(),
    editedTime: epoch('edited_time').notNull(),
  },
  (t) => [index('deposits_edited_idx').on(t.editedTime), index('deposits_reference_idx').on(t.reference)],
);
