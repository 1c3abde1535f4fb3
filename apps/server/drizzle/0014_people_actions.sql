-- Issue 20, people: a staff member's last successful sign-in (the staff list shows it), and the audit log
-- naming what a row is about, now that it also records a client file's erasure (GDPR).

ALTER TABLE dashboard_users ADD COLUMN last_login bigint;

-- 'staff': target_id is a staff account; 'client': a client number (the erased file's name is not kept).
ALTER TABLE audit_log ADD COLUMN target_kind text NOT NULL DEFAULT 'staff' CHECK (target_kind IN ('staff', 'client'));
