-- Cached answers are invalidated by any committed write to a table they may read: every table but the
-- unwatched ones of src/db/changes.ts carries this trigger (attached at each start, so tables of later
-- migrations are watched too). NOTIFY is sent at commit, to every instance listening, deduplicated per
-- transaction. The body stays on one line: migrations are split at a ';' that ends a line.
CREATE OR REPLACE FUNCTION campsite_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('campsite_changed', ''); RETURN NULL; END $$;
