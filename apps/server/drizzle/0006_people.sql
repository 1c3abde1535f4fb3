-- People (002): client files, stays, guest app accounts, imports.
-- people_fold: lower case without accents, so that 'Élodie' finds 'elodie'. Plain SQL (no unaccent
-- extension, which PGlite does not ship and a managed PostgreSQL may refuse): the search columns below are
-- generated from it and the server folds what a user types with the same function.
CREATE FUNCTION people_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT lower(translate(
    replace(replace(replace(replace(replace($1, 'œ', 'oe'), 'Œ', 'OE'), 'æ', 'ae'), 'Æ', 'AE'), 'ß', 'ss'),
    'ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈČçćĉčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĥÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšȘșŢŤţťȚțÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž',
    'AAAAAAAAAaaaaaaaaaCCCCccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssSsTTttTtUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz'
  ))
$$;

-- A number as the PMS writes it ('1042', 'A-17'): padded so that text order is numeric order for digits.
CREATE FUNCTION people_number_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT lpad($1, 24, '0')
$$;

CREATE TABLE clients (
  client_number text PRIMARY KEY,
  activation_code text NOT NULL UNIQUE,
  civility text,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  birthday bigint,
  langage text,
  email1 text,
  email2 text,
  phone1 text,
  phone2 text,
  phone3 text,
  client_type text NOT NULL DEFAULT 'tourist',
  created_by text,
  created_time bigint NOT NULL,
  edited_by text,
  edited_time bigint NOT NULL,
  -- the client's latest stay (greatest arrival), kept by the server in the transaction that changes stays,
  -- so that the list sorts by arrival, departure and location on one indexed table
  arrival bigint,
  departure bigint,
  location text,
  number_key text GENERATED ALWAYS AS (people_number_key(client_number)) STORED,
  lastname_key text GENERATED ALWAYS AS (people_fold(lastname)) STORED,
  firstname_key text GENERATED ALWAYS AS (people_fold(firstname)) STORED,
  email1_key text GENERATED ALWAYS AS (people_fold(email1)) STORED,
  email2_key text GENERATED ALWAYS AS (people_fold(email2)) STORED,
  -- digits of the three phones, '|' between them: a search on digits is a 'contains' on this key
  phone_key text GENERATED ALWAYS AS (regexp_replace(coalesce(phone1, ''), '[^0-9]', '', 'g') || '|' || regexp_replace(coalesce(phone2, ''), '[^0-9]', '', 'g') || '|' || regexp_replace(coalesce(phone3, ''), '[^0-9]', '', 'g')) STORED,
  CONSTRAINT clients_civility_check CHECK (civility IN ('male', 'female')),
  CONSTRAINT clients_type_check CHECK (client_type IN ('tourist', 'resident'))
);
CREATE INDEX clients_number_key_idx ON clients (number_key);
CREATE INDEX clients_edited_idx ON clients (edited_time, number_key);
CREATE INDEX clients_arrival_idx ON clients (arrival, number_key);
CREATE INDEX clients_departure_idx ON clients (departure, number_key);
CREATE INDEX clients_location_idx ON clients (location, number_key);
CREATE INDEX clients_lastname_idx ON clients (lastname_key text_pattern_ops);
CREATE INDEX clients_firstname_idx ON clients (firstname_key text_pattern_ops);
CREATE INDEX clients_email1_idx ON clients (email1_key text_pattern_ops);
CREATE INDEX clients_email2_idx ON clients (email2_key text_pattern_ops);

CREATE TABLE stays (
  stay_number text PRIMARY KEY,
  client_number text NOT NULL REFERENCES clients (client_number) ON DELETE CASCADE ON UPDATE CASCADE,
  location text,
  location_category text,
  -- days as epoch seconds of their midnight in the establishment's time zone; times as 'HH:MM'
  arrival bigint NOT NULL,
  departure bigint NOT NULL,
  arrival_time text,
  departure_time text,
  participants jsonb NOT NULL DEFAULT '[]',
  created_by text,
  created_time bigint NOT NULL,
  edited_by text,
  edited_time bigint NOT NULL,
  number_key text GENERATED ALWAYS AS (people_number_key(stay_number)) STORED,
  location_key text GENERATED ALWAYS AS (people_fold(location)) STORED,
  CONSTRAINT stays_dates_check CHECK (departure >= arrival)
);
CREATE INDEX stays_client_idx ON stays (client_number, arrival);
CREATE INDEX stays_number_key_idx ON stays (number_key);
CREATE INDEX stays_arrival_idx ON stays (arrival, number_key);
CREATE INDEX stays_departure_idx ON stays (departure, number_key);
CREATE INDEX stays_edited_idx ON stays (edited_time, number_key);
CREATE INDEX stays_location_idx ON stays (location_key text_pattern_ops);
CREATE INDEX stays_location_sort_idx ON stays (location, number_key);

-- Guest app accounts: the table exists since 0001; the people area adds its search keys and rules.
ALTER TABLE webapp_users ADD COLUMN number_key text GENERATED ALWAYS AS (people_number_key(client_number)) STORED;
ALTER TABLE webapp_users ADD COLUMN lastname_key text GENERATED ALWAYS AS (people_fold(lastname)) STORED;
ALTER TABLE webapp_users ADD COLUMN firstname_key text GENERATED ALWAYS AS (people_fold(firstname)) STORED;
ALTER TABLE webapp_users ADD COLUMN email_key text GENERATED ALWAYS AS (people_fold(email)) STORED;
-- one account per e-mail address: it is the guest's sign-in
CREATE UNIQUE INDEX webapp_users_email_unique ON webapp_users (lower(email));
CREATE INDEX webapp_users_number_key_idx ON webapp_users (number_key, created_time);
CREATE INDEX webapp_users_stay_idx ON webapp_users (stay_number);
CREATE INDEX webapp_users_created_idx ON webapp_users (created_time);
CREATE INDEX webapp_users_edited_idx ON webapp_users (edited_time);
CREATE INDEX webapp_users_lastname_idx ON webapp_users (lastname_key text_pattern_ops);
CREATE INDEX webapp_users_firstname_idx ON webapp_users (firstname_key text_pattern_ops);
CREATE INDEX webapp_users_email_key_idx ON webapp_users (email_key text_pattern_ops);

-- One-use links e-mailed to a guest (account activation, password reset); only their SHA-256 is kept.
CREATE TABLE webapp_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES webapp_users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  expires_at bigint NOT NULL,
  created_time bigint NOT NULL,
  CONSTRAINT webapp_tokens_kind_check CHECK (kind IN ('activate', 'reset'))
);
CREATE INDEX webapp_tokens_user_idx ON webapp_tokens (user_id, kind);

-- Imports (reservations, room lists, extraction files, the PMS gateway): the file is kept until it is
-- processed, so that an import survives a restart; progress and failures are read by the dashboard.
CREATE TABLE imports (
  id text PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL,
  source text NOT NULL DEFAULT 'dashboard',
  input jsonb,
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  failures jsonb NOT NULL DEFAULT '[]',
  message text,
  user_id text,
  created_time bigint NOT NULL,
  finished_time bigint,
  CONSTRAINT imports_status_check CHECK (status IN ('pending', 'running', 'done', 'failed'))
);
CREATE INDEX imports_kind_idx ON imports (kind, created_time);
CREATE INDEX imports_status_idx ON imports (status);
