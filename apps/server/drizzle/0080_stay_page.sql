-- The stay's page (issue 33, docs/desk.md): its reads by the stay's accounts, client and number; the
-- deliveries by account serve the guest app's notification history too (issue 32).
-- Whether an account opened the app installed, the pushes to an account, a stay's review invitations,
-- every e-mail to a client (the to-do list's index holds the sent ones only).
CREATE INDEX visit_logs_user_installed_idx ON visit_logs (user_id) WHERE installed AND user_id IS NOT NULL;
CREATE INDEX notification_deliveries_user_idx ON notification_deliveries (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX review_invitations_stay_idx ON review_invitations (stay_number);
CREATE INDEX email_recipients_client_idx ON email_recipients (client_number) WHERE client_number IS NOT NULL;
