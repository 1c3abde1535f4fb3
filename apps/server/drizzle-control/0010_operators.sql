-- The operator console (OPERATOR_HOST, docs/multisite.md): the operators' accounts and sessions, the
-- same sign-in throttle tables as a site's (src/platform/throttle reads them through the control
-- database's own handle), the campsites' upsell requests and the last request each site answered.
CREATE TABLE operators (
  id serial PRIMARY KEY,
  login text NOT NULL UNIQUE CHECK (login = lower(login)),
  password_hash text NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE operator_sessions (
  token_hash text PRIMARY KEY,
  operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX operator_sessions_operator_idx ON operator_sessions (operator_id);

-- as apps/server/drizzle/0001_core.sql and 0011_mail.sql make them in a site's database
CREATE TABLE login_attempts (
  id serial PRIMARY KEY,
  login text NOT NULL,
  ip text NOT NULL,
  time bigint NOT NULL,
  checked boolean NOT NULL DEFAULT true
);
CREATE INDEX login_attempts_login_idx ON login_attempts (login, time);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, time);
CREATE INDEX login_attempts_time_idx ON login_attempts (time);

CREATE TABLE login_known (
  login text NOT NULL,
  ip text NOT NULL,
  time bigint NOT NULL,
  PRIMARY KEY (login, ip)
);
CREATE INDEX login_known_time_idx ON login_known (time);

-- 'Oui, ça m'intéresse !' of a campsite's dashboard: which site, which staff member, when, what screen
CREATE TABLE upsell_requests (
  id serial PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  who text NOT NULL,
  what text NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX upsell_requests_time_idx ON upsell_requests (created_at DESC);

-- the last request a site answered, written by each instance at most once a minute (never per request)
CREATE TABLE site_activity (
  site_id integer PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  last_request bigint NOT NULL
);
