-- Client inventories list (issue 31): one summary row per stay with an inventory (its latest deposit, its two
-- statuses, its accommodation, whether all are counted), kept by a trigger on every write of inventories. The
-- list read pages these rows in index order instead of grouping every inventory of the site per request.
-- The stay's row is recomputed from its (at most two) inventories under the lock of its own row (made
-- first if new: a second writer waits for the first to commit), then with a fresh snapshot: two writes of one
-- stay at once (arrival and departure) both count. A row lock, not an advisory one: a statement writing
-- 20 000 inventories (a stays' deletion) would run out of the server's lock table.
-- The bodies stay on one line: migrations are split at a ';' that ends a line.
CREATE TABLE inventory_stays (
  stay_number text PRIMARY KEY,
  deposit_date bigint NOT NULL,
  arrival_status text,
  departure_status text,
  accommodation_name text,
  complete boolean NOT NULL
);
CREATE INDEX inventory_stays_deposit_idx ON inventory_stays (deposit_date, stay_number);
INSERT INTO inventory_stays (stay_number, deposit_date, arrival_status, departure_status, accommodation_name, complete) SELECT stay_number, max(update_time), max(status) FILTER (WHERE type = 'arrival'), max(status) FILTER (WHERE type = 'departure'), max(accommodation_name), bool_and(status <> 'uncompleted') FROM inventories GROUP BY stay_number;
CREATE OR REPLACE FUNCTION campsite_inventory_stay(stay text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN INSERT INTO inventory_stays (stay_number, deposit_date, complete) VALUES (stay, 0, false) ON CONFLICT (stay_number) DO NOTHING; PERFORM 1 FROM inventory_stays WHERE stay_number = stay FOR UPDATE; UPDATE inventory_stays u SET deposit_date = a.deposit_date, arrival_status = a.arrival_status, departure_status = a.departure_status, accommodation_name = a.accommodation_name, complete = a.complete FROM (SELECT max(update_time) AS deposit_date, max(status) FILTER (WHERE type = 'arrival') AS arrival_status, max(status) FILTER (WHERE type = 'departure') AS departure_status, max(accommodation_name) AS accommodation_name, bool_and(status <> 'uncompleted') AS complete FROM inventories WHERE stay_number = stay) a WHERE u.stay_number = stay AND a.deposit_date IS NOT NULL; DELETE FROM inventory_stays WHERE stay_number = stay AND NOT EXISTS (SELECT 1 FROM inventories WHERE stay_number = stay); END $$;
CREATE OR REPLACE FUNCTION campsite_inventory_stays() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM campsite_inventory_stay(OLD.stay_number); END IF; IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.stay_number IS DISTINCT FROM OLD.stay_number) THEN PERFORM campsite_inventory_stay(NEW.stay_number); END IF; RETURN NULL; END $$;
CREATE TRIGGER inventory_stays_kept AFTER INSERT OR DELETE OR UPDATE OF stay_number, type, status, update_time, accommodation_name ON inventories FOR EACH ROW EXECUTE FUNCTION campsite_inventory_stays();
CREATE OR REPLACE FUNCTION campsite_inventory_stays_truncated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM inventory_stays; RETURN NULL; END $$;
CREATE TRIGGER inventory_stays_truncated AFTER TRUNCATE ON inventories FOR EACH STATEMENT EXECUTE FUNCTION campsite_inventory_stays_truncated();
