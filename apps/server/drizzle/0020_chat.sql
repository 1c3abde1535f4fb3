-- Guest messages (002 §3 Conversation, Message; issue 25; docs/messages.md).

-- One conversation of a guest under a subject. The last_* columns are written with each message (under the
-- row's lock) so that the inbox and the unread counts read one row per conversation.
CREATE TABLE conversations (
  id text PRIMARY KEY,
  guest_id text NOT NULL REFERENCES webapp_users(id) ON DELETE CASCADE,
  subject text NOT NULL CHECK (subject IN ('intervention', 'gas', 'other')),
  status text NOT NULL CHECK (status IN ('open', 'closed')),
  client_key text NOT NULL,
  created_time bigint NOT NULL,
  last_time bigint NOT NULL,
  last_seq bigint NOT NULL DEFAULT 0,
  last_author text NOT NULL CHECK (last_author IN ('guest', 'staff', 'system')),
  last_excerpt text NOT NULL DEFAULT '',
  last_guest_seq bigint NOT NULL DEFAULT 0,
  last_staff_seq bigint NOT NULL DEFAULT 0,
  guest_read_seq bigint NOT NULL DEFAULT 0,
  staff_read_seq bigint NOT NULL DEFAULT 0
);
CREATE INDEX conversations_last_idx ON conversations (last_time);
CREATE INDEX conversations_guest_idx ON conversations (guest_id, last_time);
CREATE UNIQUE INDEX conversations_key_idx ON conversations (guest_id, client_key);
-- the sidebar's badge counts these on every page of the dashboard
CREATE INDEX conversations_staff_unread_idx ON conversations (last_time) WHERE last_guest_seq > staff_read_seq;

-- Messages of every conversation in one sequence: `seq` is the stream's event id (a client catches up from
-- the last it saw), written one writer at a time so that a lower seq is never committed after a higher one.
CREATE TABLE chat_messages (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  conversation_id text NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('guest', 'staff', 'system')),
  staff_id text,
  name text NOT NULL DEFAULT '',
  body text NOT NULL DEFAULT '',
  photo_id text REFERENCES files(id) ON DELETE SET NULL,
  event text CHECK (event IN ('closed', 'reopened')),
  client_key text,
  created_time bigint NOT NULL
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, seq);
CREATE UNIQUE INDEX chat_messages_key_idx ON chat_messages (conversation_id, client_key);

-- A photo goes with its message (files kind 'chat', private to this area).
CREATE FUNCTION chat_messages_drop_file() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN DELETE FROM files WHERE id = OLD.photo_id AND kind = 'chat'; RETURN OLD; END $$;
CREATE TRIGGER chat_messages_drop_file AFTER DELETE ON chat_messages FOR EACH ROW WHEN (OLD.photo_id IS NOT NULL) EXECUTE FUNCTION chat_messages_drop_file();
