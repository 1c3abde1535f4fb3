-- Deposits (issue 29): a release or a claim is an intent recorded before Swikly is called, finished (or
-- retried) by the `deposits.settle` job until Swikly has answered (deposits.settle.ts). settle_state:
-- 'pending' (recorded, Swikly not yet answered), 'done', 'failed' (Swikly refused or could not be reached
-- for every try: settlement is put back, settle_error says why). The settlements made before were done.
ALTER TABLE deposits ADD COLUMN settle_state text;
ALTER TABLE deposits ADD COLUMN settle_error text;
UPDATE deposits SET settle_state = 'done' WHERE settlement IS NOT NULL;
-- The callbacks (issue 29): the signed time of the newest event applied to a deposit (an older one never
-- overrides it), and the signatures of the events applied in the last minutes (a replay within the
-- signature's 300 s window is acknowledged and changes nothing).
ALTER TABLE deposits ADD COLUMN event_time bigint;
CREATE TABLE deposit_callbacks (
  signature text PRIMARY KEY,
  received_time bigint NOT NULL
);
CREATE INDEX deposit_callbacks_time_idx ON deposit_callbacks (received_time);
