-- The guest app's appearance (000): colour themes and home-page modules.
-- The selected theme, the logo and the bottom menu live in the config table.
CREATE TABLE themes (
  id text PRIMARY KEY,
  name text NOT NULL,
  color1 text NOT NULL,
  color2 text NOT NULL,
  color3 text NOT NULL,
  color4 text NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
CREATE UNIQUE INDEX themes_name_idx ON themes (lower(name));

CREATE TABLE modules (
  id text PRIMARY KEY,
  name text NOT NULL,
  type text NOT NULL,
  sort_order integer NOT NULL,
  "values" jsonb NOT NULL,
  translations jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
CREATE INDEX modules_order_idx ON modules (sort_order);
