-- Issue 20, imports that keep the good rows: an import lists its refused rows (the first ones in detail,
-- with their cells, in failures) and counts them all; the headers of its files are kept so that the
-- refused rows can be downloaded as a CSV to fix and import again.
ALTER TABLE imports ADD COLUMN refused integer NOT NULL DEFAULT 0;
ALTER TABLE imports ADD COLUMN headers jsonb;
