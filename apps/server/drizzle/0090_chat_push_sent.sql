-- What was sent to tell the guest of an answer (issue 33, docs/messages.md) shows live: the answer's push is
-- sent by the notifications' jobs, later than the answer, and the conversation said 'Notification envoyée à …'
-- only after the next write in it (the last answer of a conversation never did). The push's send announces
-- itself on the chat's channel when it is dated (sent, or waiting for the quiet hours' end), as the unread
-- e-mail and a translation do: 'n:<conversation>', for the conversations whose answers it told; other sends
-- (staff's, to everyone) match no answer and say nothing. Delivered at commit, never for a rollback.
-- The body stays on one line: migrations are split at a ';' that ends a line.
CREATE INDEX chat_messages_push_send_idx ON chat_messages (push_send_id) WHERE push_send_id IS NOT NULL;
CREATE OR REPLACE FUNCTION chat_push_dated() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('chat_events', 'n:' || m.conversation_id) FROM (SELECT DISTINCT conversation_id FROM chat_messages WHERE push_send_id = NEW.id) m; RETURN NULL; END $$;
CREATE TRIGGER chat_push_dated AFTER UPDATE OF sent_time, waiting_until ON notification_sends FOR EACH ROW WHEN (NEW.sent_time IS DISTINCT FROM OLD.sent_time OR NEW.waiting_until IS DISTINCT FROM OLD.waiting_until) EXECUTE FUNCTION chat_push_dated();
