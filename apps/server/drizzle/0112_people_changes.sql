-- The staff's client list is kept between changes (issue 31, docs/performance.md 'Clients on site: the
-- list kept until the people change'): every committed write to the tables a client card shows (files,
-- stays, guest accounts and their devices) is announced on the changes channel with the payload 'people',
-- which forgets the kept lists and nothing else (the guest app's kept answers do not read these tables).
-- Statement triggers: an import's batch is one notification (PostgreSQL sends one payload once per
-- transaction). The body stays on one line: migrations are split at a ';' that ends a line.
CREATE FUNCTION campsite_people_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('campsite_changed', 'people'); RETURN NULL; END $$;
CREATE TRIGGER people_changed AFTER INSERT OR UPDATE OR DELETE ON clients FOR EACH STATEMENT EXECUTE FUNCTION campsite_people_changed();
CREATE TRIGGER people_truncated AFTER TRUNCATE ON clients FOR EACH STATEMENT EXECUTE FUNCTION campsite_people_changed();
CREATE TRIGGER people_changed AFTER INSERT OR UPDATE OR DELETE ON stays FOR EACH STATEMENT EXECUTE FUNCTION campsite_people_changed();
CREATE TRIGGER people_truncated AFTER TRUNCATE ON stays FOR EACH STATEMENT EXECUTE FUNCTION campsite_people_changed();
CREATE TRIGGER people_changed AFTER INSERT OR UPDATE OR DELETE ON webapp_users FOR EACH STATEMENT EXECUTE FUNCTION campsite_people_changed();
CREATE TRIGGER people_truncated AFTER TRUNCATE ON webapp_users FOR EACH STATEMENT EXECUTE FUNCTION campsite_people_changed();
CREATE TRIGGER people_changed AFTER INSERT OR UPDATE OR DELETE ON push_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION campsite_people_changed();
CREATE TRIGGER people_truncated AFTER TRUNCATE ON push_subscriptions FOR EACH STATEMENT EXECUTE FUNCTION campsite_people_changed();

