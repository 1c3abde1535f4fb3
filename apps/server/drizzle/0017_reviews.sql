-- Review questionnaires, invitations and collected reviews (001, issue 24). Times are epoch seconds.
CREATE TABLE review_models (
  id text PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('', 'global')),
  notification_time integer NOT NULL CHECK (notification_time IN (0, 86400, 172800, 259200, 345600, 432000)),
  questions jsonb NOT NULL,
  translations jsonb NOT NULL,
  user_id text,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL,
  enabled_time bigint
);
-- names are unique without regard to case; one questionnaire at most is sent at the end of stays
CREATE UNIQUE INDEX review_models_name_unique ON review_models (lower(name));
CREATE UNIQUE INDEX review_models_one_global ON review_models ((type)) WHERE type = 'global';

CREATE TABLE review_invitations (
  id text PRIMARY KEY,
  model_id text NOT NULL REFERENCES review_models(id) ON DELETE CASCADE,
  stay_number text NOT NULL,
  guest text NOT NULL,
  user_id text,
  client_number text NOT NULL,
  email text,
  lang text,
  due_time bigint NOT NULL,
  expires_at bigint NOT NULL,
  created_time bigint NOT NULL,
  sent_time bigint,
  channel text CHECK (channel IN ('push', 'email', 'none')),
  answered_time bigint
);
CREATE UNIQUE INDEX review_invitations_once ON review_invitations (model_id, stay_number, guest);
CREATE INDEX review_invitations_user_idx ON review_invitations (user_id);

CREATE TABLE reviews (
  id text PRIMARY KEY,
  invitation_id text UNIQUE,
  model_id text,
  model_name text NOT NULL,
  type text NOT NULL,
  stay_number text,
  user_id text,
  client_number text,
  lang text NOT NULL,
  completed bigint NOT NULL,
  score real,
  questions jsonb NOT NULL,
  answers jsonb NOT NULL
);
CREATE INDEX reviews_type_completed_idx ON reviews (type, completed, id);
CREATE INDEX reviews_model_completed_idx ON reviews (model_id, completed, id);

CREATE TABLE review_answers (
  review_id text NOT NULL REFERENCES reviews(id) ON DELETE CASCADE,
  model_id text NOT NULL,
  question_id text NOT NULL,
  completed bigint NOT NULL,
  value smallint
);
-- the statistics read only this index (INCLUDE: no visit of the table)
CREATE INDEX review_answers_stats_idx ON review_answers (model_id, completed) INCLUDE (question_id, value);
CREATE INDEX review_answers_review_idx ON review_answers (review_id);

CREATE TABLE review_extracts (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  ids jsonb,
  filter jsonb,
  created_time bigint NOT NULL
);

CREATE TABLE review_settings (
  id integer PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL,
  public_link text NOT NULL DEFAULT '',
  public_link_label text NOT NULL DEFAULT '',
  alert_threshold real NOT NULL DEFAULT 0,
  alert_emails jsonb NOT NULL DEFAULT '[]'
);
