-- The control database of a multi-site installation (SITES=on, docs/multisite.md): one row per campsite,
-- found by the host name a request names. Its own migrations, applied by src/sites/control.ts.
CREATE TABLE sites (
  id serial PRIMARY KEY,
  dashboard_host text NOT NULL UNIQUE CHECK (dashboard_host = lower(dashboard_host)),
  guest_host text NOT NULL UNIQUE CHECK (guest_host = lower(guest_host)),
  database_url text NOT NULL,
  plan text NOT NULL DEFAULT 'essentiel' CHECK (plan IN ('essentiel', 'premium')),
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'suspended')),
  created_at bigint NOT NULL,
  -- when the site next has a job to run (its earliest queued job when it last closed; a new site: at once):
  -- a closed site is opened then, to run it (src/sites/open-sites.ts)
  next_job_at bigint,
  CHECK (dashboard_host <> guest_host)
);

CREATE INDEX sites_next_job ON sites (next_job_at) WHERE state = 'active';

-- every instance reloads its map of sites when one is added or changed (src/sites/registry.ts); not for
-- next_job_at, written at every close of a site
CREATE FUNCTION sites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('campsite_sites', '');
  RETURN NULL;
END $$;

CREATE TRIGGER sites_changed AFTER INSERT OR DELETE OR UPDATE OF dashboard_host, guest_host, database_url, plan, state ON sites FOR EACH STATEMENT EXECUTE FUNCTION sites_changed();
