-- Mail that cannot be abused (issue 18): throttles of the guest account calls and of sign-in.

-- One row per counted request of a throttle: 'account-ip:<address>' (the guest account calls of one
-- address), 'code-ip:<address>' (wrong activation codes of one address), 'mail:<e-mail>' (account mails
-- to one address). Rows past the longest window are purged by the recurring 'throttle.cleanup'.
CREATE TABLE throttle_hits (
  id bigserial PRIMARY KEY,
  bucket text NOT NULL,
  time bigint NOT NULL
);
CREATE INDEX throttle_hits_bucket_idx ON throttle_hits (bucket, time);
CREATE INDEX throttle_hits_time_idx ON throttle_hits (time);

-- A sign-in attempt refused before its password was checked (a limit, the account's delay) is kept for
-- the limits of its address, but the account's delay counts only the passwords really tried.
ALTER TABLE login_attempts ADD COLUMN checked boolean NOT NULL DEFAULT true;
CREATE INDEX login_attempts_time_idx ON login_attempts (time);

-- The addresses from which an account signed in: the account's delay spares its owner there.
CREATE TABLE login_known (
  login text NOT NULL,
  ip text NOT NULL,
  time bigint NOT NULL,
  PRIMARY KEY (login, ip)
);
CREATE INDEX login_known_time_idx ON login_known (time);
