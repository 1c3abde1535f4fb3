-- The top bar's global search (issue 33, docs/search.md) finds a client by the start of a phone number, typed
-- as the guest gives it: '06 12 34', '+33 6 12 34' and '0033 612 34' are one number. people_phone_key: the
-- digits, without the French country code written '+33' or '0033' nor the leading zeros, so that a national
-- and an international form share their start. No trigram index (pg_trgm is an extension PGlite loads only when
-- asked and a managed PostgreSQL may refuse): a prefix index per phone column, as the names have. The server
-- computes the same key of what was typed (phoneKey in modules/search/search.repository.ts, a test compares).
CREATE FUNCTION people_phone_key(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURNS NULL ON NULL INPUT AS $$
  SELECT nullif(regexp_replace(regexp_replace(regexp_replace($1, '^\s*(\+|00)\s*33', ''), '\D', '', 'g'), '^0+', ''), '')
$$;
CREATE INDEX clients_phone1_key_idx ON clients (people_phone_key(phone1) text_pattern_ops);
CREATE INDEX clients_phone2_key_idx ON clients (people_phone_key(phone2) text_pattern_ops);
CREATE INDEX clients_phone3_key_idx ON clients (people_phone_key(phone3) text_pattern_ops);
