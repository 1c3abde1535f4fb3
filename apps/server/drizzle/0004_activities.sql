-- Activities (001): categories, animations and their dated calendar.
CREATE TABLE animation_categories (
  id text PRIMARY KEY,
  color text NOT NULL,
  translations jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);

CREATE TABLE animations (
  id text PRIMARY KEY,
  category text NOT NULL REFERENCES animation_categories (id) ON DELETE RESTRICT,
  cover text REFERENCES files (id) ON DELETE SET NULL,
  front boolean NOT NULL DEFAULT false,
  translations jsonb NOT NULL,
  service_benefit text,
  user_id text,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
CREATE INDEX animations_category_idx ON animations (category);

CREATE TABLE animation_dates (
  id text PRIMARY KEY,
  animation text NOT NULL REFERENCES animations (id) ON DELETE CASCADE,
  start_time bigint NOT NULL,
  end_time bigint NOT NULL
);
CREATE INDEX animation_dates_start_idx ON animation_dates (start_time);
CREATE INDEX animation_dates_animation_idx ON animation_dates (animation);
