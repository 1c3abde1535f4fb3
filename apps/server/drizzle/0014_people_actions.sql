-- Issue 20, people: a staff member's last successful sign-in (the staff list shows it), and the audit log
-- naming what a row is about, now that it also records a client file's erasure (GDPR).

ALTER TABLE dashboard_users ADD COLUMN last_login bigint;

-- 'staff': target_id is a staff account; 'client': a client number (the erased file's name is not kept).
ALTER TABLE audit_log ADD COLUMN target_kind text NOT NULL DEFAULT 'staff' CHECK (target_kind IN ('staff', 'client'));

-- The CSV exports read the people lists in pages by key, (number_key, number) after the last row seen:
-- the number breaks ties, since number_key (lpad to 24) may give two numbers one key. Without these, each
-- page of 1 000 sorted the whole table again (a 100 000-client export held the embedded database's loop
-- about 0.7 s at a time).
CREATE INDEX clients_export_idx ON clients (number_key, client_number);
CREATE INDEX stays_export_idx ON stays (number_key, stay_number);
