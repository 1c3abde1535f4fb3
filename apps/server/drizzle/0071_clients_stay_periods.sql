-- Clients on site (issue 31): the periods of a client's stays, each [arrival, departure + 1 day) as the list's 'on
-- site' reads them, kept on the client's row with its latest stay's columns (refreshLatestStay, in the transaction
-- that changes its stays). The filter is then a test on the row instead of a search of its stays: the list by
-- arrival walks its index without reading the stays, and the capped count walks the index below without reading
-- the heap (its periods are in the index).
ALTER TABLE clients ADD COLUMN stay_periods int8multirange;
UPDATE clients c SET stay_periods = (SELECT range_agg(int8range(s.arrival, s.departure + 86400)) FROM stays s WHERE s.client_number = c.client_number) WHERE c.arrival IS NOT NULL;
CREATE INDEX clients_stay_periods_idx ON clients (client_number) INCLUDE (stay_periods);
