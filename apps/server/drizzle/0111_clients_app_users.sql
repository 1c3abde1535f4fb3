-- The number of guest app accounts of each client file (issue 31, docs/people.md 'App users on the file'):
-- the client list's 'with / without app users' filter becomes a test of the client's row, and 'on site,
-- with app users, by arrival' walks a partial index instead of probing webapp_users for every client.
-- Kept by triggers, whatever writes the accounts (a sign-up, an erasure, an import, a seed, the previous
-- version during an upgrade). Accounts are counted by atomic increments (`app_users = app_users + n`):
-- two writes for one client at once both count, the second waiting on the row the first updated.
-- A client file created (or renumbered) after accounts that already name its number counts them then.
-- The bodies stay on one line: migrations are split at a ';' that ends a line.
ALTER TABLE clients ADD COLUMN app_users integer NOT NULL DEFAULT 0;
UPDATE clients c SET app_users = u.n FROM (SELECT client_number, count(*)::int AS n FROM webapp_users WHERE client_number IS NOT NULL GROUP BY client_number) u WHERE c.client_number = u.client_number;

CREATE FUNCTION clients_app_users_added() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE clients c SET app_users = c.app_users + d.n FROM (SELECT client_number, count(*)::int AS n FROM added WHERE client_number IS NOT NULL GROUP BY client_number) d WHERE c.client_number = d.client_number; RETURN NULL; END $$;
CREATE TRIGGER clients_app_users_added AFTER INSERT ON webapp_users REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION clients_app_users_added();
CREATE FUNCTION clients_app_users_removed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE clients c SET app_users = c.app_users - d.n FROM (SELECT client_number, count(*)::int AS n FROM removed WHERE client_number IS NOT NULL GROUP BY client_number) d WHERE c.client_number = d.client_number; RETURN NULL; END $$;
CREATE TRIGGER clients_app_users_removed AFTER DELETE ON webapp_users REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION clients_app_users_removed();
CREATE FUNCTION clients_app_users_moved() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE clients SET app_users = app_users - 1 WHERE client_number = OLD.client_number; UPDATE clients SET app_users = app_users + 1 WHERE client_number = NEW.client_number; RETURN NULL; END $$;
CREATE TRIGGER clients_app_users_moved AFTER UPDATE OF client_number ON webapp_users FOR EACH ROW WHEN (OLD.client_number IS DISTINCT FROM NEW.client_number) EXECUTE FUNCTION clients_app_users_moved();
CREATE FUNCTION clients_app_users_truncated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE clients SET app_users = 0 WHERE app_users <> 0; RETURN NULL; END $$;
CREATE TRIGGER clients_app_users_truncated AFTER TRUNCATE ON webapp_users FOR EACH STATEMENT EXECUTE FUNCTION clients_app_users_truncated();

-- accounts may name a client number before its file exists (webapp_users.client_number is no foreign key)
CREATE FUNCTION clients_app_users_created() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE clients c SET app_users = u.n FROM (SELECT r.client_number, (SELECT count(*)::int FROM webapp_users w WHERE w.client_number = r.client_number) AS n FROM created r) u WHERE c.client_number = u.client_number AND u.n > 0; RETURN NULL; END $$;
CREATE TRIGGER clients_app_users_created AFTER INSERT ON clients REFERENCING NEW TABLE AS created FOR EACH STATEMENT EXECUTE FUNCTION clients_app_users_created();
CREATE FUNCTION clients_app_users_renumbered() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE clients SET app_users = (SELECT count(*)::int FROM webapp_users WHERE client_number = NEW.client_number) WHERE client_number = NEW.client_number; RETURN NULL; END $$;
CREATE TRIGGER clients_app_users_renumbered AFTER UPDATE OF client_number ON clients FOR EACH ROW WHEN (OLD.client_number IS DISTINCT FROM NEW.client_number) EXECUTE FUNCTION clients_app_users_renumbered();

-- 'on site, with app users, by arrival' (the dashboard's view of who is here with the app): the page walks
-- this index in its order, and its capped count reads the periods from the index alone
CREATE INDEX clients_users_arrival_desc_idx ON clients (arrival DESC NULLS LAST, number_key DESC) INCLUDE (stay_periods) WHERE app_users > 0;
