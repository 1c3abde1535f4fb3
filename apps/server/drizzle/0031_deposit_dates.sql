-- Deposits (issue 32): when the guest made the deposit, kept apart from edited_time (which a release, a
-- claim or a resent link also moves): the detail's 'Date de dépôt'. The accepted ones made before: their
-- latest change, unless a release or claim moved it since (then unknown, shown '—').
ALTER TABLE deposits ADD COLUMN deposited_time bigint;
UPDATE deposits SET deposited_time = edited_time WHERE status = 'OK' AND settlement IS NULL;
