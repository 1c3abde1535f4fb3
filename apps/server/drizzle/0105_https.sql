-- HTTPS on its own (issue 34, docs/production.md): certificates and the ACME account kept in the database so
-- that every instance serves them and one renews; the HTTP-01 challenges any instance answers; the lease of
-- the instance ordering a certificate.
CREATE TABLE tls_certificates (
  names text PRIMARY KEY,
  cert text NOT NULL,
  key text NOT NULL,
  not_after bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE TABLE tls_orders (
  names text PRIMARY KEY,
  lease_until bigint NOT NULL,
  last_error text
);
CREATE TABLE acme_accounts (
  directory text PRIMARY KEY,
  key text NOT NULL,
  url text
);
CREATE TABLE acme_challenges (
  token text PRIMARY KEY,
  key_authorization text NOT NULL,
  created_at bigint NOT NULL
);
