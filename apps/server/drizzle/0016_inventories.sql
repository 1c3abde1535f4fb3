-- Inventories (002 §2, §3; issue 23): accommodation types with their setup, and the stays' inventories.

CREATE TABLE accommodations (
  id text PRIMARY KEY,
  name text NOT NULL,
  deposit boolean NOT NULL DEFAULT false,
  -- the stays' location_category values this type covers besides its name (docs/inventories.md)
  categories jsonb NOT NULL DEFAULT '[]',
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);

-- One category of a type's setup: its names, its supplies (prices in cents) and room-state items, in order.
CREATE TABLE accommodation_categories (
  id text PRIMARY KEY,
  accommodation_id text NOT NULL REFERENCES accommodations(id) ON DELETE CASCADE,
  position integer NOT NULL,
  translations jsonb NOT NULL,
  objects jsonb NOT NULL DEFAULT '[]',
  reviews jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX accommodation_categories_accommodation_idx ON accommodation_categories (accommodation_id, position);

-- One inventory per stay and direction. `setup` is the copy of the setup it was made from (a later change
-- of the setup never alters an inventory made); the counted values are rows of inventory_values, so
-- that each item is written on its own. The status is the server's, recomputed under the row's lock.
CREATE TABLE inventories (
  id text PRIMARY KEY,
  stay_number text NOT NULL REFERENCES stays(stay_number) ON DELETE CASCADE ON UPDATE CASCADE,
  type text NOT NULL CHECK (type IN ('arrival', 'departure')),
  accommodation_id text,
  accommodation_name text,
  setup jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('uncompleted', 'completed', 'warning', 'infos', 'error')),
  create_user jsonb,
  update_user jsonb,
  create_time bigint NOT NULL,
  update_time bigint NOT NULL,
  confirmed_user jsonb,
  confirmed_time bigint,
  UNIQUE (stay_number, type)
);
CREATE INDEX inventories_update_idx ON inventories (update_time);

CREATE TABLE inventory_values (
  inventory_id text NOT NULL REFERENCES inventories(id) ON DELETE CASCADE,
  item_id text NOT NULL,
  count integer,
  -- 'NC': counted as not counted, told from an empty count
  not_counted boolean NOT NULL DEFAULT false,
  condition smallint,
  cleanliness smallint,
  -- when the device recorded the value: an older replay never overwrites it
  at bigint NOT NULL,
  PRIMARY KEY (inventory_id, item_id)
);

CREATE TABLE inventory_pictures (
  id text PRIMARY KEY,
  inventory_id text NOT NULL REFERENCES inventories(id) ON DELETE CASCADE,
  file_id text NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  name text NOT NULL,
  cover boolean NOT NULL DEFAULT false,
  user_ref jsonb,
  created_time bigint NOT NULL
);
CREATE INDEX inventory_pictures_inventory_idx ON inventory_pictures (inventory_id, created_time);

CREATE TABLE inventory_comments (
  id text PRIMARY KEY,
  inventory_id text NOT NULL REFERENCES inventories(id) ON DELETE CASCADE,
  -- made by the device: a comment sent twice (offline replay) is kept once
  key text,
  user_ref jsonb,
  comment text NOT NULL,
  time bigint NOT NULL,
  UNIQUE (inventory_id, key)
);
CREATE INDEX inventory_comments_inventory_idx ON inventory_comments (inventory_id, time);
