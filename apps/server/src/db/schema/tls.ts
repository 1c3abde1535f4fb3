import { pgTable, text } from 'drizzle-orm/pg-core';
import { epoch } from './types';

/**
 * HTTPS on its own (issue 34, drizzle/0105_https.sql): what every instance serves and any instance may renew.
 * `names`: the host names a certificate covers, sorted and comma-separated.
 */
export const tlsCertificates = pgTable('tls_certificates', {
  names: text('names').primaryKey(),
  cert: text('cert').notNull(),
  key: text('key').notNull(),
  notAfter: epoch('not_after').notNull(),
  updatedAt: epoch('updated_at').notNull(),
});

/** The one instance ordering a certificate holds its lease until `leaseUntil` (epoch seconds). */
export const tlsOrders = pgTable('tls_orders', {
  names: text('names').primaryKey(),
  leaseUntil: epoch('lease_until').notNull(),
  lastError: text('last_error'),
});

/** The ACME account of a directory (Let's Encrypt's, or the one ACME_DIRECTORY names). */
export const acmeAccounts = pgTable('acme_accounts', {
  directory: text('directory').primaryKey(),
  key: text('key').notNull(),
  url: text('url'),
});

/** An HTTP-01 challenge being validated: answered on HTTP_PORT by whichever instance the ACME server reaches. */
export const acmeChallenges = pgTable('acme_challenges', {
  token: text('token').primaryKey(),
  keyAuthorization: text('key_authorization').notNull(),
  createdAt: epoch('created_at').notNull(),
});
