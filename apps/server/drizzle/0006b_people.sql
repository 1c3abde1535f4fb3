-- People, second step: the order of imports, prefix searches on numbers, descending sorts of the lists.
-- imports made in the same second keep their order (the latest one is shown after leaving the page)
ALTER TABLE imports ADD COLUMN seq bigserial;
CREATE INDEX imports_kind_seq_idx ON imports (kind, seq);

-- 'starts with' on client and stay numbers
CREATE INDEX clients_number_prefix_idx ON clients (client_number text_pattern_ops);
CREATE INDEX stays_number_prefix_idx ON stays (stay_number text_pattern_ops);
CREATE INDEX webapp_users_number_prefix_idx ON webapp_users (client_number text_pattern_ops);

-- lists sort 'descending, missing values last': an index in that order serves a first page at once
CREATE INDEX clients_number_key_desc_idx ON clients (number_key DESC);
CREATE INDEX clients_arrival_desc_idx ON clients (arrival DESC NULLS LAST, number_key DESC);
CREATE INDEX clients_departure_desc_idx ON clients (departure DESC NULLS LAST, number_key DESC);
CREATE INDEX clients_location_desc_idx ON clients (location DESC NULLS LAST, number_key DESC);
CREATE INDEX clients_edited_desc_idx ON clients (edited_time DESC, number_key DESC);
