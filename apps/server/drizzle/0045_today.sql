-- The reception's to-do list (issue 33, docs/today.md).

-- A failure staff have looked at ('Marquer comme vu'): a campaign's failed e-mails or a push send's failed
-- deliveries, with the count seen then. It shows again only when more fail after.
CREATE TABLE today_dismissed (
  kind text NOT NULL CHECK (kind IN ('mail', 'push')),
  ref text NOT NULL,
  failed integer NOT NULL,
  staff_id text,
  dismissed_time bigint NOT NULL,
  PRIMARY KEY (kind, ref)
);

-- The reads of the list: the day's bookings by their start, the code mails a client was sent, the failures
-- of the week, the conversations waiting for an answer.
CREATE INDEX service_reservations_start_idx ON service_reservations (start_time);
CREATE INDEX email_recipients_client_sent_idx ON email_recipients (client_number, sent_time) WHERE status = 'sent' AND client_number IS NOT NULL;
CREATE INDEX email_recipients_failed_idx ON email_recipients (campaign_id) WHERE status = 'failed';
CREATE INDEX notification_deliveries_failed_idx ON notification_deliveries (send_id) WHERE status = 'failed';
CREATE INDEX conversations_unanswered_idx ON conversations (last_time) WHERE status = 'open' AND last_guest_seq > last_staff_seq;

-- The live list: every committed write that changes what the list shows is announced on campsite_today with
-- the part it concerns (its topic), whoever made it (any area, a job, another instance). PostgreSQL sends a
-- notification at commit, never for a rollback, and once per transaction for one payload, so a batch of an
-- import is one. Statement triggers on the tables written in batches; row triggers with a condition where
-- only a few rows matter (a failure, a code mail sent), so that a campaign of 5 000 mails is not 5 000 events.
-- The bodies stay on one line: migrations are split at a ';' that ends a line.
CREATE OR REPLACE FUNCTION today_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('campsite_today', TG_ARGV[0]); RETURN NULL; END $$;
CREATE OR REPLACE FUNCTION today_mail_changed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.status = 'failed' OR EXISTS (SELECT 1 FROM email_campaigns c WHERE c.id = NEW.campaign_id AND c.kind = 'prestay') THEN PERFORM pg_notify('campsite_today', 'mails'); END IF; RETURN NULL; END $$;
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON clients FOR EACH STATEMENT EXECUTE FUNCTION today_changed('people');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON stays FOR EACH STATEMENT EXECUTE FUNCTION today_changed('people');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON webapp_users FOR EACH STATEMENT EXECUTE FUNCTION today_changed('people');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON deposits FOR EACH STATEMENT EXECUTE FUNCTION today_changed('deposits');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON inventories FOR EACH STATEMENT EXECUTE FUNCTION today_changed('inventories');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON accommodations FOR EACH STATEMENT EXECUTE FUNCTION today_changed('types');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON conversations FOR EACH STATEMENT EXECUTE FUNCTION today_changed('messages');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON service_reservations FOR EACH STATEMENT EXECUTE FUNCTION today_changed('bookings');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OR DELETE ON today_dismissed FOR EACH STATEMENT EXECUTE FUNCTION today_changed('dismissed');
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OF status ON email_recipients FOR EACH ROW WHEN (NEW.status IN ('sent', 'failed')) EXECUTE FUNCTION today_mail_changed();
CREATE TRIGGER today_notify AFTER INSERT OR UPDATE OF status ON notification_deliveries FOR EACH ROW WHEN (NEW.status = 'failed') EXECUTE FUNCTION today_changed('pushes');
