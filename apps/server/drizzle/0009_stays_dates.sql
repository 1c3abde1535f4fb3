-- The client list's stay filters (on site, arrival and departure ranges) look for a stay among each
-- client's stays: with departure in the index too, that check reads the index alone (on the bench base,
-- the on-site page read 7 600 buffers, now 2 300).
DROP INDEX IF EXISTS stays_client_idx;
CREATE INDEX stays_client_idx ON stays (client_number, arrival) INCLUDE (departure);
