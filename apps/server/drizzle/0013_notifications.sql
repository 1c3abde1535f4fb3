-- Push notifications (002, issue 21): the device subscriptions gain their language and last renewal;
-- templates, sends with one row per device, and the establishment's keys and quiet hours.
ALTER TABLE push_subscriptions ADD COLUMN lang text;
ALTER TABLE push_subscriptions ADD COLUMN updated_time bigint;

-- One row: the VAPID key pair, made on the first start and shared by every instance (the first insert wins),
-- and the quiet hours in the establishment's time zone (start = end: none).
CREATE TABLE notification_config (
  id integer PRIMARY KEY CHECK (id = 1),
  public_key text NOT NULL,
  private_key text NOT NULL,
  quiet_start text NOT NULL DEFAULT '22:00',
  quiet_end text NOT NULL DEFAULT '08:00',
  edited_time bigint NOT NULL
);

CREATE TABLE notification_templates (
  id text PRIMARY KEY,
  name text NOT NULL,
  redirect jsonb NOT NULL,
  translations jsonb NOT NULL,
  user_id text,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);

CREATE TABLE notification_sends (
  id text PRIMARY KEY,
  -- now: staff's 'Envoyer'; scheduled: cron_notification; user: one guest from their detail; auto: another area's sendPush
  kind text NOT NULL CHECK (kind IN ('now', 'scheduled', 'user', 'auto')),
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sending', 'sent', 'cancelled')),
  translations jsonb NOT NULL,
  redirect jsonb NOT NULL,
  target jsonb NOT NULL,
  template text,
  -- a scheduled or automatic send waits out the quiet hours; a staff send may not (it asked first)
  quiet boolean NOT NULL,
  send_time bigint NOT NULL,
  waiting_until bigint,
  targeted integer NOT NULL DEFAULT 0,
  user_id text,
  sent_time bigint,
  cancelled_time bigint,
  cancelled_by text,
  created_time bigint NOT NULL,
  updated_time bigint NOT NULL
);
CREATE INDEX notification_sends_list_idx ON notification_sends (send_time DESC);

-- One row per device of a send, written when the send goes out (its target computed then): a batch job
-- records each device as the push service answers, so that a batch taken again after a crash sends only
-- what was not recorded. The endpoint is copied: a subscription removed later (410) keeps its history.
CREATE TABLE notification_deliveries (
  send_id text NOT NULL REFERENCES notification_sends (id) ON DELETE CASCADE,
  position integer NOT NULL,
  subscription_id text NOT NULL,
  user_id text,
  endpoint text NOT NULL,
  keys jsonb NOT NULL,
  lang text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'gone', 'cancelled')),
  error text,
  delivered_time bigint,
  opened_time bigint,
  PRIMARY KEY (send_id, position)
);
-- a device once per send; and the tap's report finds its row
CREATE UNIQUE INDEX notification_deliveries_endpoint_idx ON notification_deliveries (send_id, endpoint);
