-- Issue 18, availability: an import's files are stored in parts of 256 K characters, one statement each,
-- instead of one jsonb value. On the embedded PGlite (same thread as the server) storing a 12 MB file as
-- one value held the event loop about a second; a part holds it some 20 ms.
CREATE TABLE import_parts (
  import_id text NOT NULL,
  seq integer NOT NULL,
  file integer NOT NULL,
  text text NOT NULL,
  PRIMARY KEY (import_id, seq)
);
