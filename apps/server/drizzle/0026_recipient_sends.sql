-- Campaigns (issue 29): how many times an address's mail was handed to the SMTP server without its outcome
-- recorded after. A process that died between the send and its record leaves 1; the batch taken again sends
-- it again (2): the campaign counts that address once and says that it may have received the mail twice.
ALTER TABLE email_recipients ADD COLUMN sends integer NOT NULL DEFAULT 0;
ALTER TABLE email_campaigns ADD COLUMN twice_count integer NOT NULL DEFAULT 0;
