-- The first e-mail to a new site's manager (issue 35, docs/multisite.md): its single-use link to choose a
-- password, kept as the SHA-256 of its token; a used link stays (used_at) so that it says it has served.
CREATE TABLE staff_password_links (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES dashboard_users(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX staff_password_links_user_idx ON staff_password_links (user_id);
