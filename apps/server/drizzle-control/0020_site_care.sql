-- The operator's care of the sites (docs/multisite.md, "Operator console"): the backup, restore or move
-- of one site at a time (its last one kept, with its progress), and the rolling migration of every site.
-- Both are leases: the instance doing the work renews `lease_until` while it runs; one that dies leaves
-- a lease that runs out, and the work may be started again on any instance.
CREATE TABLE site_tasks (
  site_id integer PRIMARY KEY REFERENCES sites (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('backup', 'restore', 'move')),
  state text NOT NULL CHECK (state IN ('running', 'done', 'failed')),
  -- the last sentence of its progress, in French (the reason when it failed)
  step text NOT NULL,
  -- the backup written, or the one restored
  file text,
  started_at bigint NOT NULL,
  ended_at bigint,
  lease_until bigint NOT NULL
);

-- one row: the last rolling migration of every site's database
CREATE TABLE site_migrations (
  id integer PRIMARY KEY CHECK (id = 1),
  state text NOT NULL CHECK (state IN ('running', 'done')),
  total integer NOT NULL,
  done integer NOT NULL,
  current_host text,
  -- [{site, host, reason}]: the sites it could not migrate, and why in French
  failures jsonb NOT NULL DEFAULT '[]',
  started_at bigint NOT NULL,
  ended_at bigint,
  lease_until bigint NOT NULL
);
