-- Foundation: staff accounts, sessions, configuration, files, visits, guest accounts, push subscriptions.
CREATE TABLE dashboard_users (
  id text PRIMARY KEY,
  lastname text NOT NULL,
  firstname text NOT NULL,
  email text NOT NULL,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  avatar text,
  permissions jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  kind text NOT NULL,
  user_id text NOT NULL,
  expires_at bigint NOT NULL,
  created_time bigint NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE login_attempts (
  id serial PRIMARY KEY,
  login text NOT NULL,
  ip text NOT NULL,
  time bigint NOT NULL
);
CREATE INDEX login_attempts_login_idx ON login_attempts (login, time);
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, time);

CREATE TABLE config (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE files (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  base text NOT NULL UNIQUE,
  originalname text NOT NULL,
  type text NOT NULL,
  data bytea NOT NULL,
  width integer,
  height integer,
  size integer NOT NULL,
  kind text NOT NULL,
  created_time bigint NOT NULL
);
CREATE INDEX files_kind_idx ON files (kind, created_time);

CREATE TABLE file_variants (
  file_id text NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  width integer NOT NULL,
  type text NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (file_id, width)
);

CREATE TABLE visit_logs (
  id serial PRIMARY KEY,
  time bigint NOT NULL,
  user_id text,
  visitor text NOT NULL,
  installed boolean NOT NULL,
  component text NOT NULL
);
CREATE INDEX visit_logs_time_idx ON visit_logs (time);
CREATE INDEX visit_logs_visitor_idx ON visit_logs (visitor);

CREATE TABLE webapp_users (
  id text PRIMARY KEY,
  client_number text,
  civility text,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  birthday bigint,
  phone text,
  email text NOT NULL,
  activate boolean NOT NULL DEFAULT false,
  stay_number text,
  username text,
  avatar text,
  langage text,
  user_type text,
  participant_type text,
  password_hash text,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
CREATE INDEX webapp_users_client_idx ON webapp_users (client_number);
CREATE INDEX webapp_users_email_idx ON webapp_users (email);

CREATE TABLE push_subscriptions (
  id text PRIMARY KEY,
  user_id text,
  endpoint text NOT NULL UNIQUE,
  keys jsonb NOT NULL,
  created_time bigint NOT NULL
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);
