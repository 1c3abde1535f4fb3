-- Statistics (issue 25, docs/statistics.md): what each visit showed, the daily salts of the visitor hashes,
-- the daily rollup the statistics reads add up, and the staff who receive the weekly summary.
ALTER TABLE visit_logs ADD COLUMN target text;

CREATE TABLE stats_salts (
  day text PRIMARY KEY,
  salt text NOT NULL
);

CREATE TABLE stats_days (
  day text PRIMARY KEY,
  visits integer NOT NULL,
  visitors integer NOT NULL,
  app_visits integer NOT NULL,
  app_visitors integer NOT NULL
);

CREATE TABLE stats_day_screens (
  day text NOT NULL,
  component text NOT NULL,
  target text NOT NULL,
  visits integer NOT NULL,
  visitors integer NOT NULL,
  PRIMARY KEY (day, component, target)
);

CREATE TABLE stats_summary_recipients (
  user_id text PRIMARY KEY REFERENCES dashboard_users (id) ON DELETE CASCADE,
  created_time bigint NOT NULL
);
