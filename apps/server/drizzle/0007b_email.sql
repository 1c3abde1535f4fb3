-- E-mails (002): templates, campaigns with one row per address, the pre-stay e-mails sent.
CREATE TABLE email_templates (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- the built-in templates the application uses; they are never deleted
  default_key text UNIQUE CHECK (default_key IN ('subscribe-email', 'confirmation-email')),
  translations jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);

CREATE TABLE email_campaigns (
  id text PRIMARY KEY,
  -- 'campaign' from the send screen; 'prestay' groups the pre-stay e-mails of one stay and day value
  kind text NOT NULL DEFAULT 'campaign' CHECK (kind IN ('campaign', 'prestay')),
  template text,
  translations jsonb NOT NULL,
  send_time bigint NOT NULL,
  status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'sending', 'sent', 'cancelled')),
  total integer NOT NULL,
  -- counted once the campaign ends (sent or cancelled); while it sends, the list counts its addresses
  sent_count integer NOT NULL DEFAULT 0,
  failed_count integer NOT NULL DEFAULT 0,
  user_id text,
  sent_time bigint,
  cancelled_time bigint,
  cancelled_by text,
  created_time bigint NOT NULL,
  updated_time bigint NOT NULL
);
CREATE INDEX email_campaigns_list_idx ON email_campaigns (kind, send_time DESC);

-- One row per address: a batch marks each address sent as soon as the SMTP server accepted it, so that
-- a batch taken again after a crash skips what was sent. No index on status: every address changes it
-- once, and the primary key (campaign, position) already bounds every read to one campaign.
CREATE TABLE email_recipients (
  campaign_id text NOT NULL REFERENCES email_campaigns (id) ON DELETE CASCADE,
  position integer NOT NULL,
  client_number text,
  email text NOT NULL,
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  code text,
  lang text,
  user_id text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
  error text,
  sent_time bigint,
  PRIMARY KEY (campaign_id, position)
);

-- The pre-stay e-mail goes once per stay and per day value ('nbdays'), ever: the key says so.
CREATE TABLE prestay_emails (
  stay_number text NOT NULL,
  nbdays integer NOT NULL,
  campaign_id text REFERENCES email_campaigns (id) ON DELETE SET NULL,
  created_time bigint NOT NULL,
  PRIMARY KEY (stay_number, nbdays)
);

-- The two built-in templates, in French and English; the establishment edits them on the templates screen.
INSERT INTO email_templates (id, name, default_key, translations, created_time, edited_time) VALUES ('e0000000000000000000000a', 'E-mail avant séjour', 'subscribe-email', '[{"lang": "fr", "title": "Votre séjour approche !", "content": "<p>Bonjour #prenom #nom,</p><p>Votre séjour approche ! Pour le préparer et profiter de toutes les informations pendant votre venue, ouvrez l''application de l''établissement et créez votre compte avec votre code d''activation : <strong>#code</strong>.</p><p><a href=\"#lien\">Ouvrir l''application</a></p><p>À très bientôt !</p>"}, {"lang": "en", "title": "Your stay is coming up!", "content": "<p>Hello #prenom #nom,</p><p>Your stay is coming up! To prepare it and have all the information at hand during your visit, open the establishment''s app and create your account with your activation code: <strong>#code</strong>.</p><p><a href=\"#lien\">Open the app</a></p><p>See you soon!</p>"}]'::jsonb, extract(epoch FROM now())::bigint, extract(epoch FROM now())::bigint);
INSERT INTO email_templates (id, name, default_key, translations, created_time, edited_time) VALUES ('e0000000000000000000000b', 'E-mail d''activation de l''adresse e-mail', 'confirmation-email', '[{"lang": "fr", "title": "Activez votre compte", "content": "<p>Bonjour #prenom,</p><p>Pour activer votre compte sur l''application de l''établissement, cliquez sur le lien ci-dessous :</p><p><a href=\"#lien\">Activer mon compte</a></p><p>Ce lien est valable 7 jours. Si vous n''avez pas créé de compte, ignorez ce message.</p>"}, {"lang": "en", "title": "Activate your account", "content": "<p>Hello #prenom,</p><p>To activate your account on the establishment''s app, click the link below:</p><p><a href=\"#lien\">Activate my account</a></p><p>This link is valid for 7 days. If you did not create an account, ignore this message.</p>"}]'::jsonb, extract(epoch FROM now())::bigint, extract(epoch FROM now())::bigint);
