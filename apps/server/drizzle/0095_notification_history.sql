-- The guest app's notification history (issue 32): a guest's deliveries are read by account.
CREATE INDEX notification_deliveries_user_idx ON notification_deliveries (user_id) WHERE user_id IS NOT NULL;
