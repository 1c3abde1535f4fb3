-- The durable scheduler (src/jobs): one row per job, claimed with FOR UPDATE SKIP LOCKED.
CREATE TABLE jobs (
  id text PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  run_at bigint NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  recurring boolean NOT NULL DEFAULT false,
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
  last_error text,
  locked_by text,
  locked_until bigint,
  dedupe_key text UNIQUE,
  created_time bigint NOT NULL,
  updated_time bigint NOT NULL,
  finished_time bigint
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE status = 'queued';
CREATE INDEX jobs_lease_idx ON jobs (locked_until) WHERE status = 'running';
CREATE INDEX jobs_finished_idx ON jobs (finished_time) WHERE status IN ('done', 'failed', 'cancelled');
-- a recurring kind has at most one live occurrence, whatever the number of instances
CREATE UNIQUE INDEX jobs_recurring_idx ON jobs (kind) WHERE recurring AND status IN ('queued', 'running');
