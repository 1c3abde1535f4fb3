import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { dashboardUsers } from './core';
import { epoch } from './types';

/** The single-use links to choose a password of the first e-mail to a site's manager (drizzle/0110_staff_welcome.sql). */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    /** SHA-256 of the link's token, hex: the token itself is only in the e-mail */
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => dashboardUsers.id, { onDelete: 'cascade' }),
    createdAt: epoch('created_at').notNull(),
    expiresAt: epoch('expires_at').notNull(),
    usedAt: epoch('used_at'),
  },
  (t) => [index('staff_password_links_user_idx').on(t.userId)],
);
