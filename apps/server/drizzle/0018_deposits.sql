-- Deposits through Swikly (002 §3, issue 25): one row per stay whose accommodation type asks for one.
-- The unique stay number makes the provider request once per stay, whichever instance scans first.
CREATE TABLE deposits (
  id text PRIMARY KEY,
  stay_number text NOT NULL UNIQUE REFERENCES stays(stay_number) ON DELETE CASCADE ON UPDATE CASCADE,
  status text NOT NULL DEFAULT '',
  amount integer NOT NULL CHECK (amount >= 0),
  firstname text NOT NULL,
  lastname text NOT NULL,
  email text NOT NULL,
  lang text NOT NULL,
  reference text,
  link text,
  error text,
  settlement text CHECK (settlement IN ('released', 'claimed')),
  claimed integer,
  settled_time bigint,
  settled_by text,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
CREATE INDEX deposits_edited_idx ON deposits (edited_time);
CREATE INDEX deposits_reference_idx ON deposits (reference);
CREATE INDEX deposits_status_idx ON deposits (status, edited_time);
