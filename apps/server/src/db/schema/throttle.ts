import { bigserial, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { epoch } from './types';

/** One counted request of a throttle (drizzle/0011_mail.sql): `bucket` names what is counted. */
export const throttleHits = pgTable(
  'throttle_hits',
  { id: bigserial('id', { mode: 'number' }).primaryKey(), bucket: text('bucket').notNull(), time: epoch('time').notNull() },
  (t) => [index('throttle_hits_bucket_idx').on(t.bucket, t.time), index('throttle_hits_time_idx').on(t.time)],
);

/** An address from which an account signed in: the account's delay spares it. */
export const loginKnown = pgTable(
  'login_known',
  { login: text('login').notNull(), ip: text('ip').notNull(), time: epoch('time').notNull() },
  (t) => [primaryKey({ columns: [t.login, t.ip] }), index('login_known_time_idx').on(t.time)],
);
