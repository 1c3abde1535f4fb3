-- Issue 18, privilege: who changed whose staff account, and identifiers unique once folded.

-- The audit log of staff accounts: one row per change of another's (or one's own) password, e-mail,
-- identifier or flags, written in the transaction of the change. No reference to dashboard_users: the
-- log outlives a deleted account, so both sides keep their identifier as it was then.
CREATE TABLE audit_log (
  id text PRIMARY KEY,
  time bigint NOT NULL,
  actor_id text NOT NULL,
  actor_username text NOT NULL,
  target_id text NOT NULL,
  target_username text NOT NULL,
  changes text[] NOT NULL,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_time_idx ON audit_log (time, id);

-- identifier_key: what makes two staff identifiers the same one. NFKC (fullwidth and mathematical
-- letters, ligatures become plain ones), lower case, ß as ss, then a skeleton of the common look-alikes:
-- Cyrillic and Greek letters drawn like Latin ones (Cyrillic 'і' is 'i', Greek 'Α' is 'a'), and the
-- dotless i. Upper-case look-alikes are in the table too, so that the key does not depend on whether the
-- database's lower() folds letters beyond ASCII (a 'C' collation may not). Digits are not folded
-- ('adm1n' stays apart from 'admin'): a digit reads as a digit in the dashboard's font.
CREATE FUNCTION identifier_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT translate(
    replace(replace(lower(normalize($1, NFKC)), 'ß', 'ss'), 'ẞ', 'ss'),
    'аеһіјкорсухѕԁԛԝӏүАВЕЅІЈКМНОРСТУХҮԚԜӀαικνορυχϲϳΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿıɑɡ',
    'aehijkopcyxsdqwlyabesijkmhopctyxyqwlaikvopuxcjabezhikmnoptyxcjiag'
  )
$$;

-- The key of each staff identifier, kept by a trigger (no code path can forget it) and unique, so that
-- two creations at once cannot both pass. Accounts that already collide keep signing in with their exact
-- identifier: the older keeps the key, a younger one gets its id appended (renaming it folds again).
ALTER TABLE dashboard_users ADD COLUMN username_key text;
UPDATE dashboard_users u SET username_key = identifier_key(u.username) || CASE WHEN EXISTS (
  SELECT 1 FROM dashboard_users o WHERE identifier_key(o.username) = identifier_key(u.username) AND (o.created_time, o.id) < (u.created_time, u.id)
) THEN '#' || u.id ELSE '' END;
ALTER TABLE dashboard_users ALTER COLUMN username_key SET NOT NULL;
CREATE UNIQUE INDEX dashboard_users_identifier_idx ON dashboard_users (username_key);

CREATE FUNCTION dashboard_users_identifier() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP = 'INSERT' OR NEW.username IS DISTINCT FROM OLD.username THEN NEW.username_key := identifier_key(NEW.username); END IF; RETURN NEW; END $$;
CREATE TRIGGER dashboard_users_identifier BEFORE INSERT OR UPDATE ON dashboard_users FOR EACH ROW EXECUTE FUNCTION dashboard_users_identifier();
