-- The inbox reception lives in (issue 33; docs/messages.md): a conversation assigned to a staff member,
-- internal notes and lines guests never read, machine translations kept beside the original, what was sent
-- to tell the guest of an answer, and saved replies in the seven languages.

ALTER TABLE conversations ADD COLUMN assignee_id text REFERENCES dashboard_users(id) ON DELETE SET NULL;
ALTER TABLE conversations ADD COLUMN assigned_time bigint;
-- the inbox's views: 'mine' and 'unassigned' (with or without a status), last written first
CREATE INDEX conversations_assignee_idx ON conversations (assignee_id, last_time);
CREATE INDEX conversations_status_idx ON conversations (status, last_time);

-- an internal line (a note, an assignment): read by staff only, never by a guest call, stream, push or mail
ALTER TABLE chat_messages ADD COLUMN internal boolean NOT NULL DEFAULT false;
ALTER TABLE chat_messages DROP CONSTRAINT chat_messages_event_check;
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_event_check CHECK (event IN ('closed', 'reopened', 'assigned', 'unassigned'));
ALTER TABLE chat_messages ADD CONSTRAINT chat_messages_internal_check CHECK (NOT internal OR author <> 'guest');

-- a machine translation: of a guest's message into French (source_lang: the language detected), of a staff
-- answer into the guest's language; translation_error says why there is none (staff only)
ALTER TABLE chat_messages ADD COLUMN translation text;
ALTER TABLE chat_messages ADD COLUMN translation_lang text;
ALTER TABLE chat_messages ADD COLUMN source_lang text;
ALTER TABLE chat_messages ADD COLUMN translation_error text;

-- how the guest was told of a staff answer: the push planned (its send), the unread e-mail, their reading
ALTER TABLE chat_messages ADD COLUMN push_send_id text REFERENCES notification_sends(id) ON DELETE SET NULL;
ALTER TABLE chat_messages ADD COLUMN mail_time bigint;
ALTER TABLE chat_messages ADD COLUMN read_time bigint;

-- saved replies: a name staff pick them by, the text in each language written
CREATE TABLE chat_replies (
  id text PRIMARY KEY,
  name text NOT NULL,
  translations jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
