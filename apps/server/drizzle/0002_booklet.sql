-- The welcome booklet (001): icons, rubrics (groups), categories, and the page or list of each category.
-- Sections and sub-categories are parts of their page or list document (jsonb), addressed by index.
CREATE TABLE icons (
  id text PRIMARY KEY,
  name text NOT NULL,
  lineal jsonb NOT NULL,
  fill jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);
CREATE INDEX icons_name_idx ON icons (name);

CREATE TABLE booklet_groups (
  id text PRIMARY KEY,
  icon text NOT NULL,
  translations jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL
);

CREATE TABLE booklet_categories (
  id text PRIMARY KEY,
  group_id text NOT NULL REFERENCES booklet_groups (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('page', 'list')),
  icon text NOT NULL,
  sort_order integer NOT NULL,
  translations jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL,
  UNIQUE (id, type)
);
CREATE INDEX booklet_categories_group_idx ON booklet_categories (group_id, sort_order);

-- A category holds one page (type page) or one list (type list), never both: the content row names the
-- type it needs and the foreign key on (category, type) refuses any other. Sub-category pages have no category.
CREATE TABLE booklet_pages (
  id text PRIMARY KEY,
  category_id text UNIQUE,
  category_type text NOT NULL DEFAULT 'page' CHECK (category_type = 'page'),
  cover text,
  sections jsonb NOT NULL,
  service text,
  link text,
  translations jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL,
  FOREIGN KEY (category_id, category_type) REFERENCES booklet_categories (id, type) ON DELETE CASCADE
);

CREATE TABLE booklet_lists (
  id text PRIMARY KEY,
  category_id text NOT NULL UNIQUE,
  category_type text NOT NULL DEFAULT 'list' CHECK (category_type = 'list'),
  cover text,
  elements jsonb NOT NULL,
  translations jsonb NOT NULL,
  created_time bigint NOT NULL,
  edited_time bigint NOT NULL,
  FOREIGN KEY (category_id, category_type) REFERENCES booklet_categories (id, type) ON DELETE CASCADE
);
