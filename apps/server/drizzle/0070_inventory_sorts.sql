-- Client inventories list sorted on a stay's or a client's column (issue 31): the summary row of each stay with an
-- inventory (0030) also holds the columns the list sorts on (client number, location, accommodation, last name,
-- arrival, departure), each with an index, so that any sort walks an index to its page and stops instead of joining
-- 20 000 rows to every stay and client of the site and sorting them.
-- Kept by three triggers: an inventory's write recomputes its stay's row (0030's function, now also reading the stay
-- and its client); a change of those columns of a stay, or of a client's last name, writes them on its stays' rows.
-- Ordering: the inventory's function takes the stay's and the client's rows FOR SHARE before its own summary row, so
-- that a stay edited while its first inventory is written waits or is waited for (each then reads the other's
-- committed values), never both missing each other.
-- The nullable columns (location, accommodation, statuses) are sorted NULLS LAST in both directions: an index each
-- way. The bodies stay on one line: migrations are split at a ';' that ends a line.
ALTER TABLE inventory_stays ADD COLUMN client_key text, ADD COLUMN location text, ADD COLUMN accommodation text, ADD COLUMN lastname_key text, ADD COLUMN arrival bigint, ADD COLUMN departure bigint;
UPDATE inventory_stays p SET client_key = people_number_key(s.client_number), location = s.location, accommodation = coalesce(p.accommodation_name, s.location_category), lastname_key = c.lastname_key, arrival = s.arrival, departure = s.departure FROM stays s JOIN clients c ON c.client_number = s.client_number WHERE s.stay_number = p.stay_number;
CREATE INDEX inventory_stays_stay_idx ON inventory_stays (people_number_key(stay_number), stay_number);
CREATE INDEX inventory_stays_client_idx ON inventory_stays (client_key, stay_number);
CREATE INDEX inventory_stays_lastname_idx ON inventory_stays (lastname_key, stay_number);
CREATE INDEX inventory_stays_arrival_idx ON inventory_stays (arrival, stay_number);
CREATE INDEX inventory_stays_departure_idx ON inventory_stays (departure, stay_number);
CREATE INDEX inventory_stays_location_idx ON inventory_stays (location ASC NULLS LAST, stay_number ASC);
CREATE INDEX inventory_stays_location_desc_idx ON inventory_stays (location DESC NULLS LAST, stay_number DESC);
CREATE INDEX inventory_stays_accommodation_idx ON inventory_stays (accommodation ASC NULLS LAST, stay_number ASC);
CREATE INDEX inventory_stays_accommodation_desc_idx ON inventory_stays (accommodation DESC NULLS LAST, stay_number DESC);
CREATE INDEX inventory_stays_arrival_status_idx ON inventory_stays (arrival_status ASC NULLS LAST, stay_number ASC);
CREATE INDEX inventory_stays_arrival_status_desc_idx ON inventory_stays (arrival_status DESC NULLS LAST, stay_number DESC);
CREATE INDEX inventory_stays_departure_status_idx ON inventory_stays (departure_status ASC NULLS LAST, stay_number ASC);
CREATE INDEX inventory_stays_departure_status_desc_idx ON inventory_stays (departure_status DESC NULLS LAST, stay_number DESC);
CREATE OR REPLACE FUNCTION campsite_inventory_stay(stay text) RETURNS void LANGUAGE plpgsql AS $$ DECLARE client text; BEGIN SELECT client_number INTO client FROM stays WHERE stay_number = stay FOR SHARE; PERFORM 1 FROM clients WHERE client_number = client FOR SHARE; INSERT INTO inventory_stays (stay_number, deposit_date, complete) VALUES (stay, 0, false) ON CONFLICT (stay_number) DO NOTHING; PERFORM 1 FROM inventory_stays WHERE stay_number = stay FOR UPDATE; UPDATE inventory_stays u SET deposit_date = a.deposit_date, arrival_status = a.arrival_status, departure_status = a.departure_status, accommodation_name = a.accommodation_name, complete = a.complete, client_key = people_number_key(s.client_number), location = s.location, accommodation = coalesce(a.accommodation_name, s.location_category), lastname_key = c.lastname_key, arrival = s.arrival, departure = s.departure FROM (SELECT max(update_time) AS deposit_date, max(status) FILTER (WHERE type = 'arrival') AS arrival_status, max(status) FILTER (WHERE type = 'departure') AS departure_status, max(accommodation_name) AS accommodation_name, bool_and(status <> 'uncompleted') AS complete FROM inventories WHERE stay_number = stay) a LEFT JOIN stays s ON s.stay_number = stay LEFT JOIN clients c ON c.client_number = s.client_number WHERE u.stay_number = stay AND a.deposit_date IS NOT NULL; DELETE FROM inventory_stays WHERE stay_number = stay AND NOT EXISTS (SELECT 1 FROM inventories WHERE stay_number = stay); END $$;
CREATE OR REPLACE FUNCTION campsite_inventory_stay_of_stay() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE lastname text; BEGIN IF NEW.client_number IS DISTINCT FROM OLD.client_number THEN SELECT lastname_key INTO lastname FROM clients WHERE client_number = NEW.client_number FOR SHARE; UPDATE inventory_stays SET lastname_key = lastname WHERE stay_number = NEW.stay_number; END IF; UPDATE inventory_stays SET client_key = people_number_key(NEW.client_number), location = NEW.location, accommodation = coalesce(accommodation_name, NEW.location_category), arrival = NEW.arrival, departure = NEW.departure WHERE stay_number = NEW.stay_number; RETURN NULL; END $$;
CREATE TRIGGER inventory_stays_of_stay AFTER UPDATE OF client_number, location, location_category, arrival, departure ON stays FOR EACH ROW WHEN (NEW.client_number IS DISTINCT FROM OLD.client_number OR NEW.location IS DISTINCT FROM OLD.location OR NEW.location_category IS DISTINCT FROM OLD.location_category OR NEW.arrival IS DISTINCT FROM OLD.arrival OR NEW.departure IS DISTINCT FROM OLD.departure) EXECUTE FUNCTION campsite_inventory_stay_of_stay();
CREATE OR REPLACE FUNCTION campsite_inventory_stay_of_client() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE inventory_stays p SET lastname_key = NEW.lastname_key FROM stays s WHERE s.client_number = NEW.client_number AND p.stay_number = s.stay_number; RETURN NULL; END $$;
CREATE TRIGGER inventory_stays_of_client AFTER UPDATE OF lastname ON clients FOR EACH ROW WHEN (NEW.lastname IS DISTINCT FROM OLD.lastname) EXECUTE FUNCTION campsite_inventory_stay_of_client();
